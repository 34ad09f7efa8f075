package io.webserveroperator.scaffold;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.kind.KindNames;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines {@code create api} adds to files the project already has, as text, so that their
 * comments and layout stay: the kind's entry in {@code watches.yaml}, its files in {@code
 * templates/kustomization.yaml}, and the rules deploy/'s and deploy-sharded/'s ClusterRoles need
 * for it. Each edit returns the new text, or empty when the file needs none. Pure.
 */
final class ProjectEdits {

  private static final YAMLMapper YAML = new YAMLMapper();
  private static final List<String> CHILD_VERBS =
      List.of("get", "list", "watch", "create", "patch", "delete");

  private ProjectEdits() {}

  /** {@code watches.yaml} with an entry for the kind, unless one watches it already. */
  static Optional<String> watches(String text, KindNames names, boolean status) {
    for (JsonNode entry : documents(text)) {
      for (JsonNode watch : entry) {
        if (names.group().equals(watch.path("group").asText())
            && names.kind().equals(watch.path("kind").asText())) {
          return Optional.empty();
        }
      }
    }
    StringBuilder out = new StringBuilder(withNewline(text));
    out.append("- group: ")
        .append(names.group())
        .append("\n  version: ")
        .append(names.version())
        .append("\n  kind: ")
        .append(names.kind())
        .append("\n  templates: ")
        .append(names.folder())
        .append('\n');
    if (status) {
      out.append("  status: ").append(names.folder()).append('/').append(StarterFiles.STATUS);
      out.append('\n');
    }
    return Optional.of(out.toString());
  }

  /**
   * {@code templates/kustomization.yaml} with a line for each file, after the last of its {@code
   * files:} list; empty when every file has one.
   *
   * @param files the files, relative to templates/ ({@code postgres/configmap.yaml.j2})
   * @throws IllegalStateException when the file has no {@code files:} list to add to
   */
  static Optional<String> kustomization(String text, List<String> files) {
    List<String> missing =
        files.stream()
            .filter(f -> !text.contains("=" + f + "\n") && !text.endsWith("=" + f))
            .toList();
    if (missing.isEmpty()) {
      return Optional.empty();
    }
    Matcher items = Pattern.compile("(?m)^([ \\t]*)- \\S+=\\S+[ \\t]*$").matcher(text);
    int end = -1;
    String indent = "  ";
    while (items.find()) {
      end = items.end();
      indent = items.group(1);
    }
    if (end < 0) {
      throw new IllegalStateException(
          "it has no configMapGenerator files: list of KEY=PATH lines to add to");
    }
    StringBuilder lines = new StringBuilder();
    for (String file : missing) {
      lines.append(indent).append("- ").append(file.replace("/", "__")).append('=').append(file);
      lines.append('\n');
    }
    String before = text.substring(0, end);
    String after = text.substring(end);
    if (after.startsWith("\n")) {
      return Optional.of(before + "\n" + lines + after.substring(1));
    }
    return Optional.of(before + "\n" + lines.toString().stripTrailing() + after);
  }

  /**
   * deploy/'s ClusterRole with the rules the kind needs (its informers, its status, its finalizers)
   * and, for each of {@code children} (group and resource) it does not grant yet, the rule a
   * rendered kind needs; empty when it grants all of them.
   */
  static Optional<String> clusterRole(String text, KindNames names, List<String[]> children) {
    List<String> rules = new ArrayList<>();
    rule(text, names.group(), names.plural(), List.of("list", "watch")).ifPresent(rules::add);
    rule(text, names.group(), names.plural() + "/status", List.of("patch")).ifPresent(rules::add);
    rule(text, names.group(), names.plural() + "/finalizers", List.of("update"))
        .ifPresent(rules::add);
    for (String[] child : children) {
      rule(text, child[0], child[1], CHILD_VERBS).ifPresent(rules::add);
    }
    crdRule(text, names.plural() + "." + names.group()).ifPresent(rules::add);
    if (rules.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        append(
            text,
            "# "
                + names.kind()
                + " ("
                + names.group()
                + "), added by create api: its informers list and watch it, its status is"
                + " patched,\n# and its children's owner references need its finalizers; then"
                + " what its templates render; its CRD is read when the operator starts.\n",
            rules));
  }

  /** deploy-sharded/'s ClusterRole with the patch of the kind that sharding labels it with. */
  static Optional<String> shardRole(String text, KindNames names) {
    return rule(text, names.group(), names.plural(), List.of("patch"))
        .map(
            rule ->
                append(
                    text,
                    "# "
                        + names.kind()
                        + ", added by create api: the assigner labels each one with its shard.\n",
                    List.of(rule)));
  }

  private static String append(String text, String comment, List<String> rules) {
    Matcher item = Pattern.compile("(?m)^([ \\t]*)- apiGroups:").matcher(text);
    String indent = item.find() ? item.group(1) : "";
    StringBuilder out =
        new StringBuilder(withNewline(text)).append(comment.indent(indent.length()));
    rules.forEach(rule -> out.append(rule.indent(indent.length())));
    return out.toString();
  }

  /**
   * The rule that lets the operator read the kind's CRD by name (to check that it holds the status
   * it writes), unless a rule grants that already.
   */
  private static Optional<String> crdRule(String text, String crd) {
    for (JsonNode document : documents(text)) {
      for (JsonNode rule : document.path("rules")) {
        boolean named =
            rule.path("resourceNames").isMissingNode() || matches(rule.path("resourceNames"), crd);
        if (named
            && matches(rule.path("apiGroups"), "apiextensions.k8s.io")
            && matches(rule.path("resources"), "customresourcedefinitions")
            && matches(rule.path("verbs"), "get")) {
          return Optional.empty();
        }
      }
    }
    return Optional.of(
        "- apiGroups: [apiextensions.k8s.io]\n  resources: [customresourcedefinitions]\n"
            + "  resourceNames: ["
            + crd
            + "]\n  verbs: [get]\n");
  }

  /** The rule's text, unless the role's rules grant every verb on the resource already. */
  private static Optional<String> rule(
      String text, String group, String resource, List<String> verbs) {
    List<String> missing = new ArrayList<>(verbs);
    for (JsonNode document : documents(text)) {
      for (JsonNode rule : document.path("rules")) {
        if (matches(rule.path("apiGroups"), group)
            && matches(rule.path("resources"), resource)
            && rule.path("resourceNames").isMissingNode()) {
          rule.path("verbs")
              .forEach(
                  verb -> {
                    if (verb.asText().equals("*")) {
                      missing.clear();
                    }
                    missing.remove(verb.asText());
                  });
        }
      }
    }
    if (missing.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "- apiGroups: ["
            + (group.isEmpty() ? "\"\"" : group)
            + "]\n  resources: ["
            + resource
            + "]\n  verbs: ["
            + String.join(", ", verbs)
            + "]\n");
  }

  private static boolean matches(JsonNode list, String value) {
    for (JsonNode item : list) {
      if (item.asText().equals(value) || item.asText().equals("*")) {
        return true;
      }
    }
    return false;
  }

  private static List<JsonNode> documents(String text) {
    try (MappingIterator<JsonNode> values = YAML.readerFor(JsonNode.class).readValues(text)) {
      List<JsonNode> documents = new ArrayList<>();
      while (values.hasNextValue()) {
        JsonNode node = values.nextValue();
        if (node != null) {
          documents.add(node);
        }
      }
      return documents;
    } catch (IOException e) {
      throw new IllegalStateException("it is not valid YAML: " + e.getMessage(), e);
    }
  }

  private static String withNewline(String text) {
    return text.isEmpty() || text.endsWith("\n") ? text : text + "\n";
  }
}
