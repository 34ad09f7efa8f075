package io.webserveroperator.diff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import io.webserveroperator.manifest.ManifestYaml;
import io.webserveroperator.manifest.ObjectRef;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Prints one object's change as a header line ({@code apps/v1 Deployment shop/web (UPDATE)}) and a
 * unified diff of the two sides as YAML, keys sorted so that equal objects print equal. Pass sides
 * through {@link DiffSanitizer} first. Immutable and thread-safe.
 */
public final class UnifiedDiff {

  private static final String RED = "\u001B[31m";
  private static final String GREEN = "\u001B[32m";
  private static final String CYAN = "\u001B[36m";
  private static final String BOLD = "\u001B[1m";
  private static final String RESET = "\u001B[0m";

  private final DiffOptions options;

  public UnifiedDiff(DiffOptions options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * The header and unified diff, each line ending in a newline; empty when both sides print the
   * same.
   *
   * @param before the live side, or null when the object does not exist
   * @param after the desired side, or null when the object is to be deleted
   */
  public String render(
      ObjectRef ref, Action action, Map<String, Object> before, Map<String, Object> after) {
    String file = fileName(ref);
    String diff = lines("live/" + file, "desired/" + file, lines(ref, before), lines(ref, after));
    return diff.isEmpty() ? "" : paint(BOLD, header(ref, action)) + "\n" + diff;
  }

  /**
   * A unified diff of two texts under two file names, each line ending in a newline; empty when
   * they are the same. For any text that is not one object, such as a template test's snapshot.
   */
  public String text(String fromName, String toName, String from, String to) {
    return lines(fromName, toName, from.lines().toList(), to.lines().toList());
  }

  private String lines(String fromName, String toName, List<String> from, List<String> to) {
    Patch<String> patch = DiffUtils.diff(from, to);
    if (patch.getDeltas().isEmpty()) {
      return "";
    }
    List<String> diff =
        UnifiedDiffUtils.generateUnifiedDiff(fromName, toName, from, patch, options.contextLines());
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < diff.size(); i++) {
      String line = emptySide(diff.get(i), from.isEmpty(), to.isEmpty());
      out.append(i < 2 ? paint(BOLD, line) : colour(line)).append('\n');
    }
    return out.toString();
  }

  /** {@code group/version Kind namespace/name (ACTION)}. */
  static String header(ObjectRef ref, Action action) {
    String name = ref.namespace() == null ? ref.name() : ref.namespace() + "/" + ref.name();
    return ref.apiVersion() + " " + ref.kind() + " " + name + " (" + action + ")";
  }

  /** As kubectl names the files it compares: {@code apps.v1.Deployment.shop.web}. */
  public static String fileName(ObjectRef ref) {
    String group = ref.group().isEmpty() ? "" : ref.group() + ".";
    String namespace = ref.namespace() == null ? "" : ref.namespace() + ".";
    return group + ref.version() + "." + ref.kind() + "." + namespace + ref.name();
  }

  /**
   * An object as this diff prints it: YAML with sorted keys and no document marker. The external
   * diff writes the same text, so both show the same lines.
   */
  public static String yaml(ObjectRef ref, Map<String, Object> object) {
    try {
      return ManifestYaml.sortedWriter().writeValueAsString(object);
    } catch (JsonProcessingException e) {
      throw new DiffException(ref, "cannot be printed as YAML: " + e.getOriginalMessage(), e);
    }
  }

  private static List<String> lines(ObjectRef ref, Map<String, Object> object) {
    return object == null ? List.of() : yaml(ref, object).lines().toList();
  }

  /** java-diff-utils numbers an empty side from 1; diff and patch expect {@code -0,0}. */
  private static String emptySide(String line, boolean fromEmpty, boolean toEmpty) {
    if (!line.startsWith("@@")) {
      return line;
    }
    String fixed = fromEmpty ? line.replace("@@ -1,0 ", "@@ -0,0 ") : line;
    return toEmpty ? fixed.replace(" +1,0 @@", " +0,0 @@") : fixed;
  }

  /** Colours one line below the two file headers. */
  private String colour(String line) {
    if (line.startsWith("@@")) {
      return paint(CYAN, line);
    }
    if (line.startsWith("-")) {
      return paint(RED, line);
    }
    if (line.startsWith("+")) {
      return paint(GREEN, line);
    }
    return line;
  }

  private String paint(String colour, String text) {
    return options.colour() ? colour + text + RESET : text;
  }
}
