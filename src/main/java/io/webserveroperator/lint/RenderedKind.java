package io.webserveroperator.lint;

import io.webserveroperator.kind.KindNames;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A kind a template renders, and where it says so.
 *
 * @param apiVersion as the template writes it, e.g. {@code apps/v1}
 * @param kind e.g. {@code Deployment}
 * @param file the template
 * @param line the line of its {@code kind:}
 */
record RenderedKind(String apiVersion, String kind, Path file, int line) {

  private static final Pattern API_VERSION =
      Pattern.compile("^apiVersion:\\s*([\\w./-]+)\\s*$", Pattern.MULTILINE);
  private static final Pattern KIND = Pattern.compile("^kind:\\s*(\\w+)\\s*$", Pattern.MULTILINE);

  /** The API group: empty for the core group. */
  String group() {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  /** The resource name RBAC rules use for this kind: {@link #resourceOf}. */
  String resource() {
    return resourceOf(kind);
  }

  /** The resource name of a kind, by Kubernetes' API conventions ({@link KindNames#pluralOf}). */
  static String resourceOf(String kind) {
    return KindNames.pluralOf(kind);
  }

  /**
   * The kinds written literally at the top level of the templates that render objects ({@code
   * apiVersion:} and {@code kind:} lines, paired in order), whatever branch renders them.
   */
  static List<RenderedKind> in(KindSources sources) {
    List<RenderedKind> kinds = new ArrayList<>();
    for (Map.Entry<Path, String> file : sources.rendered().entrySet()) {
      String text = file.getValue();
      Matcher versions = API_VERSION.matcher(text);
      Matcher names = KIND.matcher(text);
      while (versions.find() && names.find()) {
        int line =
            (int) text.substring(0, names.start()).chars().filter(c -> c == '\n').count() + 1;
        kinds.add(new RenderedKind(versions.group(1), names.group(1), file.getKey(), line));
      }
    }
    return kinds;
  }
}
