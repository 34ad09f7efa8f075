package io.webserveroperator.kind;

import com.fasterxml.jackson.databind.JsonNode;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.template.watches.YamlLines;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * Turns the fields of a simple schema into OpenAPI v3 schemas, as kro's SimpleSchema transformer
 * does: a field is a type string with optional markers ({@code integer | default=1}), or a map of
 * fields (an object); an object none of whose fields is required but some of which have defaults
 * defaults to {@code {}}, so that those defaults apply when it is left out. Custom types from
 * {@code types:} are expanded in place. Every problem is collected, at its line, rather than
 * thrown; the {@code column} and {@code scale} markers are gathered as they are met. Not
 * thread-safe: one per file.
 */
final class FieldReader {

  /** Where a field is: which part of the schema file, hence which markers it may carry. */
  enum Place {
    SPEC,
    STATUS,
    TYPE
  }

  /**
   * A field being read.
   *
   * @param place the part of the file
   * @param pointer its JSON pointer in the file (without the document index), for its line
   * @param name its dotted name for messages ({@code spec.backup.schedule})
   * @param jsonPath its path in a resource ({@code .spec.backup.schedule}), or null inside a list,
   *     a map or a type, where no column or scale can point
   */
  record Where(Place place, String pointer, String name, String jsonPath) {

    Where child(String key) {
      String escaped = key.replace("~", "~0").replace("/", "~1");
      return new Where(
          place,
          pointer + "/" + escaped,
          name + "." + key,
          jsonPath == null ? null : jsonPath + "." + key);
    }
  }

  /** A custom type: its schema and whether a field of it is required ({@code required=true}). */
  private record Resolved(Map<String, Object> schema, boolean required) {}

  private static final Set<String> ATOMIC = Set.of("string", "integer", "boolean", "float");
  private static final int MAX_NESTING = 16;
  private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();

  private final YamlLines lines;
  private final List<SchemaProblem> problems;
  private final Map<String, JsonNode> typeDefinitions;
  private final Map<String, Resolved> resolved = new HashMap<>();
  private final Deque<String> resolving = new ArrayDeque<>();
  private final MarkerRules markers;

  FieldReader(YamlLines lines, List<SchemaProblem> problems, Map<String, JsonNode> types) {
    this.lines = lines;
    this.problems = problems;
    this.typeDefinitions = types;
    this.markers = new MarkerRules(this);
  }

  /** The columns, scale subresource and examples the markers asked for. */
  MarkerRules markers() {
    return markers;
  }

  /** Records a problem at the line of {@code pointer}. */
  void problem(String pointer, String message) {
    problems.add(new SchemaProblem(lines.line("/0" + pointer), message));
  }

  /** Resolves every custom type, so that a broken one is reported even when nothing uses it. */
  void resolveTypes() {
    typeDefinitions.keySet().forEach(name -> resolve(name, "/types/" + name));
  }

  /**
   * The schema of an object whose fields are {@code fields}.
   *
   * @param defaultsToEmpty whether it gets {@code default: {}} when its fields have defaults and
   *     none is required (kro's rule; not for status, which the operator writes)
   */
  Map<String, Object> object(JsonNode fields, Where where, boolean defaultsToEmpty) {
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    Map<String, Object> properties = new LinkedHashMap<>();
    List<String> required = new ArrayList<>();
    boolean childDefaults = false;
    for (Iterator<Map.Entry<String, JsonNode>> it = fields.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      Where at = where.child(field.getKey());
      Map<String, Object> child = field(field.getKey(), field.getValue(), at, required);
      if (child != null) {
        properties.put(field.getKey(), child);
        childDefaults |= child.containsKey("default");
      }
    }
    if (!properties.isEmpty()) {
      schema.put("properties", properties);
    }
    if (!required.isEmpty()) {
      schema.put("required", new ArrayList<>(new TreeSet<>(required)));
    } else if (childDefaults && defaultsToEmpty) {
      schema.put("default", new LinkedHashMap<>());
    }
    return schema;
  }

  /** The schema of one field, or null when it cannot be read (a problem says why). */
  private Map<String, Object> field(String name, JsonNode value, Where at, List<String> required) {
    if (value.isObject()) {
      return object(value, at, at.place() != Place.STATUS);
    }
    if (!value.isTextual()) {
      problem(
          at.pointer(),
          at.name()
              + ": write a type such as 'string | required=true', or a map of fields for an"
              + " object, not "
              + (value.isNull() ? "nothing" : value.toString()));
      return null;
    }
    String text = value.asText();
    if (at.place() == Place.STATUS && text.contains("${")) {
      problem(
          at.pointer(),
          at.name()
              + ": a CEL expression, as in kro; here a status field takes a type (integer |"
              + " description=\"...\") and its value comes from the kind's _status.yaml.j2");
      return null;
    }
    int bar = text.indexOf('|');
    String type = (bar < 0 ? text : text.substring(0, bar)).strip();
    Resolved resolved = type(type, at, 0);
    if (resolved == null) {
      return null;
    }
    Map<String, Object> schema = resolved.schema();
    boolean isRequired = resolved.required();
    if (bar >= 0) {
      List<MarkerParser.Written> written;
      try {
        written = MarkerParser.parse(text.substring(bar + 1));
      } catch (MarkerParser.SyntaxError e) {
        problem(at.pointer(), at.name() + ": " + e.getMessage());
        return null;
      }
      isRequired = markers.apply(schema, written, at, isRequired);
    }
    if (isRequired) {
      required.add(name);
    }
    return schema;
  }

  /** The schema of a type string ({@code []map[string]Person}), or null with a problem. */
  private Resolved type(String type, Where at, int depth) {
    if (depth > MAX_NESTING) {
      problem(at.pointer(), at.name() + ": the type nests deeper than " + MAX_NESTING + " levels");
      return null;
    }
    if (type.isEmpty()) {
      problem(
          at.pointer(), at.name() + ": the type is missing before '|': write string, integer, ...");
      return null;
    }
    if (ATOMIC.contains(type)) {
      Map<String, Object> schema = new LinkedHashMap<>();
      schema.put("type", type.equals("float") ? "number" : type);
      return new Resolved(schema, false);
    }
    if (type.equals("object")) {
      Map<String, Object> schema = new LinkedHashMap<>();
      schema.put("type", "object");
      schema.put("x-kubernetes-preserve-unknown-fields", true);
      return new Resolved(schema, false);
    }
    if (type.startsWith("[]")) {
      Resolved items = type(type.substring(2).strip(), inside(at), depth + 1);
      if (items == null) {
        return null;
      }
      Map<String, Object> schema = new LinkedHashMap<>();
      schema.put("type", "array");
      schema.put("items", items.schema());
      return new Resolved(schema, false);
    }
    if (type.startsWith("map[")) {
      if (!type.startsWith("map[string]")) {
        problem(at.pointer(), at.name() + ": a map's keys are strings: write map[string]TYPE");
        return null;
      }
      Resolved values = type(type.substring("map[string]".length()).strip(), inside(at), depth + 1);
      if (values == null) {
        return null;
      }
      Map<String, Object> schema = new LinkedHashMap<>();
      schema.put("type", "object");
      schema.put("additionalProperties", values.schema());
      return new Resolved(schema, false);
    }
    if (typeDefinitions.containsKey(type)) {
      Resolved custom = resolve(type, "/types/" + type);
      return custom == null
          ? null
          : new Resolved(UntypedMaps.deepCopyMap(custom.schema()), custom.required());
    }
    problem(
        at.pointer(),
        at.name()
            + ": unknown type '"
            + type
            + "'"
            + suggestion(type)
            + "; a type is string, integer, boolean, float, object, []TYPE, map[string]TYPE or a"
            + " name from types:");
    return null;
  }

  private Resolved resolve(String name, String pointer) {
    if (resolved.containsKey(name)) {
      return resolved.get(name);
    }
    if (resolving.contains(name)) {
      List<String> cycle = new ArrayList<>(resolving);
      Collections.reverse(cycle);
      cycle.add(name);
      problem(
          pointer,
          "types."
              + name
              + ": the types refer to each other in a cycle ("
              + String.join(" -> ", cycle)
              + "); break it with an inline object");
      resolved.put(name, null);
      return null;
    }
    resolving.push(name);
    JsonNode definition = typeDefinitions.get(name);
    Where at = new Where(Place.TYPE, pointer, "types." + name, null);
    Resolved result;
    if (definition.isObject()) {
      result = new Resolved(object(definition, at, true), false);
    } else {
      List<String> required = new ArrayList<>();
      Map<String, Object> schema = field(name, definition, at, required);
      result = schema == null ? null : new Resolved(schema, !required.isEmpty());
    }
    resolving.pop();
    resolved.put(name, result);
    return result;
  }

  /** The same place for a list's items or a map's values: no column or scale can point there. */
  private static Where inside(Where at) {
    return new Where(at.place(), at.pointer(), at.name(), null);
  }

  private String suggestion(String type) {
    List<String> known = new ArrayList<>(ATOMIC);
    known.add("object");
    known.addAll(typeDefinitions.keySet());
    return known.stream()
        .filter(k -> DISTANCE.apply(k.toLowerCase(), type.toLowerCase()) <= 2)
        .findFirst()
        .map(k -> " (did you mean " + k + "?)")
        .orElse("");
  }
}
