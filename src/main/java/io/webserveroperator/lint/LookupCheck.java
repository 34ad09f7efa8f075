package io.webserveroperator.lint;

import io.webserveroperator.manifest.ClusterScopedKinds;
import io.webserveroperator.template.watches.DeclaredLookup;
import io.webserveroperator.template.watches.TemplatedKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every {@code lookup} the templates make, read from their text so that a branch no sample takes is
 * read too, against what the kind's {@code lookups} in watches.yaml declare: a lookup of a kind no
 * entry declares, or in a namespace no entry lists, is an error at its line naming the entry to add
 * (the render would fail there). Only calls whose apiVersion and kind are written as quoted text
 * are read; the namespace too when it is; a call that computes them is checked when a sample or
 * test case renders it ({@link RenderCheck}).
 */
final class LookupCheck {

  private static final String TEXT = "\\s*(?:'([^']*)'|\"([^\"]*)\")\\s*";
  private static final Pattern CALL =
      Pattern.compile("\\blookup\\(" + TEXT + "," + TEXT + "(?:," + TEXT + ",)?");

  private LookupCheck() {}

  static List<Finding> check(KindSources sources) {
    List<Finding> findings = new ArrayList<>();
    for (Map.Entry<Path, String> file : sources.files().entrySet()) {
      findings.addAll(check(file.getKey().toString(), file.getValue(), sources.watch()));
    }
    return findings;
  }

  /** The findings of one template's text. */
  static List<Finding> check(String file, String template, TemplatedKind watch) {
    List<Finding> findings = new ArrayList<>();
    Matcher call = CALL.matcher(template);
    while (call.find()) {
      String apiVersion = text(call, 1);
      String kind = text(call, 3);
      String namespace = call.group(5) == null && call.group(6) == null ? null : text(call, 5);
      List<DeclaredLookup> entries =
          watch.lookups().stream()
              .filter(e -> e.apiVersion().equals(apiVersion) && e.kind().equals(kind))
              .toList();
      boolean clusterScoped = ClusterScopedKinds.WELL_KNOWN.contains(kind);
      boolean allowed =
          !entries.isEmpty()
              && (clusterScoped
                  || namespace == null
                  || namespace.isEmpty()
                  || entries.stream()
                      .anyMatch(
                          e -> e.namespaces().isEmpty() || e.namespaces().contains(namespace)));
      if (!allowed) {
        String entry =
            DeclaredLookup.describe(
                apiVersion,
                kind,
                clusterScoped || namespace == null || namespace.isEmpty() ? null : namespace,
                null);
        findings.add(
            Finding.error(
                file,
                line(template, call.start()),
                "lookup of "
                    + apiVersion
                    + " "
                    + kind
                    + (namespace == null || namespace.isEmpty() ? "" : " in " + namespace)
                    + " is not declared for "
                    + watch.kind()
                    + ", so the render fails here; add "
                    + entry
                    + " under lookups: in its watches.yaml entry"));
      }
    }
    return findings;
  }

  private static String text(Matcher call, int group) {
    return call.group(group) != null ? call.group(group) : call.group(group + 1);
  }

  private static int line(String text, int at) {
    return 1 + (int) text.substring(0, at).chars().filter(c -> c == '\n').count();
  }
}
