package io.webserveroperator.templatetest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.webserveroperator.diff.DiffOptions;
import io.webserveroperator.diff.UnifiedDiff;
import io.webserveroperator.manifest.ManifestYaml;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;

/**
 * Comparing and printing values in assertions. Numbers compare by value, so {@code 3} in a test
 * file equals a rendered {@code 3} whatever Java type each became; {@code "3"} does not.
 */
final class JsonValues {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final UnifiedDiff DIFF = new UnifiedDiff(DiffOptions.defaults());
  private static final Comparator<JsonNode> NUMBERS_BY_VALUE =
      (a, b) ->
          a.isNumber() && b.isNumber()
              ? a.decimalValue().compareTo(b.decimalValue())
              : (a.equals(b) ? 0 : 1);

  private JsonValues() {}

  static JsonNode tree(Object value) {
    return JSON.valueToTree(value);
  }

  static boolean same(JsonNode expected, JsonNode actual) {
    return expected.equals(NUMBERS_BY_VALUE, actual);
  }

  /**
   * Whether every key of {@code expected} is in {@code actual} with a value that is, for maps, a
   * subset again, and for anything else the same.
   */
  static boolean subset(JsonNode expected, JsonNode actual) {
    if (!expected.isObject() || !actual.isObject()) {
      return same(expected, actual);
    }
    Iterator<Map.Entry<String, JsonNode>> fields = expected.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      JsonNode other = actual.get(field.getKey());
      if (other == null || !subset(field.getValue(), other)) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code actual} with, in every map, only the keys {@code expected} has: what a subset check
   * compares, so that a diff of the two shows only the differences that matter.
   */
  static JsonNode projection(JsonNode expected, JsonNode actual) {
    if (!expected.isObject() || !actual.isObject()) {
      return actual;
    }
    ObjectNode kept = JSON.createObjectNode();
    expected
        .fieldNames()
        .forEachRemaining(
            key -> {
              if (actual.has(key)) {
                kept.set(key, projection(expected.get(key), actual.get(key)));
              }
            });
    return kept;
  }

  /** A value on one line when it is a scalar ({@code 3}, {@code "3"}), else as YAML. */
  static String show(JsonNode value) {
    if (value.isMissingNode()) {
      return "(missing)";
    }
    return value.isContainerNode() ? "\n" + indent(yaml(value)) : value.toString();
  }

  /** Expected and actual side by side for scalars, a unified diff of their YAML otherwise. */
  static String difference(JsonNode expected, JsonNode actual) {
    if (!expected.isContainerNode() && !actual.isContainerNode()) {
      return "expected " + show(expected) + ", got " + show(actual);
    }
    String diff = DIFF.text("expected", "rendered", yaml(expected), yaml(actual));
    return "the values differ:\n" + indent(diff);
  }

  /** YAML with sorted keys, so that equal values print equal. */
  static String yaml(JsonNode value) {
    if (value.isMissingNode()) {
      return "";
    }
    try {
      return ManifestYaml.sortedWriter().writeValueAsString(JSON.treeToValue(value, Object.class));
    } catch (JsonProcessingException e) {
      throw new TemplateTestException("Cannot print a value as YAML: " + e.getOriginalMessage(), e);
    }
  }

  static String indent(String text) {
    return text.lines().map(line -> "    " + line).reduce((a, b) -> a + "\n" + b).orElse("");
  }
}
