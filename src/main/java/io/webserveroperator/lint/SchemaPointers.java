package io.webserveroperator.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.webserveroperator.manifest.JsonPointer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * Whether a JSON pointer names a field of a kind's OpenAPI schema (from {@link
 * OpenApiSchemas#definition}): it follows {@code properties}, {@code $ref}s to {@code
 * #/components/schemas/…}, {@code allOf}, {@code items} for a list index and {@code
 * additionalProperties} for any map key; below {@code x-kubernetes-preserve-unknown-fields} every
 * name is accepted.
 */
final class SchemaPointers {

  private static final String PREFIX = "#/components/schemas/";
  private static final Pattern INDEX = Pattern.compile("0|[1-9][0-9]*");
  private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();

  private final JsonNode definition;
  private final JsonNode schemas;

  /**
   * Where a pointer leaves the schema.
   *
   * @param at the pointer up to and including the first segment the schema does not have
   * @param hint what to write instead, or why, such as {@code did you mean /spec/replicas?}
   */
  record Miss(String at, String hint) {}

  SchemaPointers(JsonNode definition) {
    this.definition = definition;
    this.schemas = definition.path("components").path("schemas");
  }

  /** Where {@code pointer} leaves the schema; empty when the schema has the field. */
  Optional<Miss> miss(JsonPointer pointer) {
    return walk(definition, pointer.segments(), 0);
  }

  private Optional<Miss> walk(JsonNode node, List<String> segments, int i) {
    if (i == segments.size()) {
      return Optional.empty();
    }
    String segment = segments.get(i);
    List<JsonNode> next = new ArrayList<>();
    Set<String> fields = new TreeSet<>();
    boolean list = false;
    for (JsonNode schema : flatten(node)) {
      if (schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
        return Optional.empty();
      }
      JsonNode properties = schema.path("properties");
      properties.fieldNames().forEachRemaining(fields::add);
      if (properties.has(segment)) {
        next.add(properties.get(segment));
      }
      if (schema.has("items")) {
        list = true;
        if (INDEX.matcher(segment).matches()) {
          next.add(schema.get("items"));
        }
      }
      JsonNode additional = schema.get("additionalProperties");
      if (additional != null && additional.isObject()) {
        next.add(additional);
      } else if (additional != null && additional.asBoolean(false)) {
        return Optional.empty();
      }
    }
    Optional<Miss> miss = Optional.empty();
    for (JsonNode child : next) {
      miss = walk(child, segments, i + 1);
      if (miss.isEmpty()) {
        return miss;
      }
    }
    if (!next.isEmpty()) {
      return miss;
    }
    return Optional.of(new Miss(display(segments, i + 1), hint(segments, i, fields, list)));
  }

  /** The schema and every schema it refers to through {@code $ref} and {@code allOf}. */
  private List<JsonNode> flatten(JsonNode node) {
    List<JsonNode> all = new ArrayList<>();
    all.add(node);
    JsonNode ref = node.get("$ref");
    if (ref != null && ref.asText().startsWith(PREFIX)) {
      JsonNode target = schemas.get(ref.asText().substring(PREFIX.length()));
      if (target != null) {
        all.addAll(flatten(target));
      }
    }
    for (JsonNode part : node.path("allOf")) {
      all.addAll(flatten(part));
    }
    return all;
  }

  private static String hint(List<String> segments, int i, Set<String> fields, boolean list) {
    String parent = display(segments, i);
    if (list) {
      return parent + " is a list: name an item by its index, such as " + parent + "/0";
    }
    if (fields.isEmpty()) {
      return (parent.isEmpty() ? "the object" : parent) + " has no fields";
    }
    String name = segments.get(i);
    String closest =
        fields.stream()
            .min(Comparator.comparingInt((String field) -> DISTANCE.apply(field, name)))
            .orElseThrow();
    return "did you mean " + parent + "/" + escape(closest) + "?";
  }

  /** The pointer of the first {@code count} segments. */
  private static String display(List<String> segments, int count) {
    StringBuilder text = new StringBuilder();
    segments.subList(0, count).forEach(segment -> text.append('/').append(escape(segment)));
    return text.toString();
  }

  private static String escape(String segment) {
    return segment.replace("~", "~0").replace("/", "~1");
  }
}
