package io.webserveroperator.lint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.YamlFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The rules of the ClusterRoles in a deploy folder ({@code *.yaml}), to ask whether they grant a
 * verb. Rules limited by {@code resourceNames} grant nothing to {@link #grants}: the operator's
 * requests on children are not limited to names; {@link #grantsNamed} asks of one object.
 */
final class ClusterRoleRules {

  private static final YAMLMapper YAML = new YAMLMapper();

  private final List<JsonNode> rules;
  private final boolean found;

  private ClusterRoleRules(List<JsonNode> rules, boolean found) {
    this.rules = List.copyOf(rules);
    this.found = found;
  }

  static ClusterRoleRules read(Path deploy) {
    List<JsonNode> rules = new ArrayList<>();
    boolean found = false;
    if (!Files.isDirectory(deploy)) {
      return new ClusterRoleRules(rules, false);
    }
    for (Path file : YamlFiles.in(deploy)) {
      try (MappingIterator<JsonNode> documents =
          YAML.readerFor(JsonNode.class).readValues(Files.readString(file))) {
        while (documents.hasNextValue()) {
          JsonNode document = documents.nextValue();
          if (document != null && "ClusterRole".equals(document.path("kind").asText())) {
            found = true;
            document.path("rules").forEach(rules::add);
          }
        }
      } catch (IOException e) {
        throw new OperatorException("Cannot read " + file + ": " + e.getMessage(), e);
      }
    }
    return new ClusterRoleRules(rules, found);
  }

  /** Whether the folder holds a ClusterRole at all; without one there is nothing to check. */
  boolean found() {
    return found;
  }

  /** Whether some rule grants {@code verb} on {@code resource} of {@code group}. */
  boolean grants(String group, String resource, String verb) {
    return rules.stream()
        .filter(rule -> rule.path("resourceNames").isEmpty())
        .anyMatch(
            rule ->
                lists(rule.path("apiGroups"), group)
                    && lists(rule.path("resources"), resource)
                    && lists(rule.path("verbs"), verb));
  }

  /**
   * Whether some rule grants {@code verb} on the object {@code name} of {@code resource}: one
   * without {@code resourceNames}, or one that lists the name.
   */
  boolean grantsNamed(String group, String resource, String verb, String name) {
    return rules.stream()
        .filter(
            rule -> rule.path("resourceNames").isEmpty() || lists(rule.path("resourceNames"), name))
        .anyMatch(
            rule ->
                lists(rule.path("apiGroups"), group)
                    && lists(rule.path("resources"), resource)
                    && lists(rule.path("verbs"), verb));
  }

  private static boolean lists(JsonNode values, String value) {
    for (JsonNode each : values) {
      if (each.asText().equals(value) || each.asText().equals("*")) {
        return true;
      }
    }
    return false;
  }
}
