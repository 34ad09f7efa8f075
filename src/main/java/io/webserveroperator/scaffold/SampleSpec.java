package io.webserveroperator.scaffold;

import io.webserveroperator.OperatorException;
import io.webserveroperator.crd.SchemaValidation;
import io.webserveroperator.kind.KindSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A spec the API server accepts, for the sample and the starter test: every field the schema marks
 * with {@code example}, and every required field without a default, valued by its example, else the
 * first of a few plain values that fits its schema (an enum's first value, the minimum, a string
 * that matches the pattern). Fields with defaults are left out: the API server fills them in.
 */
final class SampleSpec {

  private static final List<String> STRINGS =
      List.of("example", "1", "16", "v1", "a", "abc", "example.com", "1Gi", "100m", "0");

  private SampleSpec() {}

  /**
   * The spec.
   *
   * @throws OperatorException when a required field has no example and none of the plain values
   *     fits it: the message asks for an {@code example} marker
   */
  static Map<String, Object> of(KindSchema schema) {
    Map<String, Object> spec = object(schema.spec(), "", schema.examples());
    List<?> errors = SchemaValidation.validate(spec, schema.spec(), "spec");
    if (!errors.isEmpty()) {
      throw new OperatorException(
          "The sample spec made from the schema's examples does not fit the schema: "
              + errors
              + ". Give each field mentioned an example=\"...\" marker that fits it.");
    }
    return spec;
  }

  private static Map<String, Object> object(
      Map<String, Object> schema, String path, Map<String, Object> examples) {
    Map<String, Object> object = new LinkedHashMap<>();
    List<?> required = schema.get("required") instanceof List<?> list ? list : List.of();
    Map<?, ?> properties = schema.get("properties") instanceof Map<?, ?> map ? map : Map.of();
    properties.forEach(
        (name, property) -> {
          String fieldPath = path.isEmpty() ? name.toString() : path + "." + name;
          @SuppressWarnings("unchecked")
          Map<String, Object> field = (Map<String, Object>) property;
          if (examples.containsKey(fieldPath)) {
            object.put(name.toString(), examples.get(fieldPath));
          } else if (required.contains(name) && !field.containsKey("default")) {
            object.put(name.toString(), value(field, fieldPath, examples));
          } else if (field.get("properties") instanceof Map<?, ?>
              && hasExample(fieldPath, examples)) {
            object.put(name.toString(), object(field, fieldPath, examples));
          }
        });
    return object;
  }

  private static boolean hasExample(String path, Map<String, Object> examples) {
    return examples.keySet().stream().anyMatch(k -> k.startsWith(path + "."));
  }

  private static Object value(
      Map<String, Object> schema, String path, Map<String, Object> examples) {
    if (schema.get("enum") instanceof List<?> values && !values.isEmpty()) {
      return values.get(0);
    }
    List<Object> candidates = new ArrayList<>();
    switch (String.valueOf(schema.get("type"))) {
      case "object" -> {
        if (schema.get("properties") instanceof Map<?, ?>) {
          return object(schema, path, examples);
        }
        return new LinkedHashMap<>();
      }
      case "array" -> {
        long count = schema.get("minItems") instanceof Number n ? n.longValue() : 0;
        List<Object> items = new ArrayList<>();
        @SuppressWarnings("unchecked")
        Map<String, Object> itemSchema =
            schema.get("items") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        for (long i = 0; i < count; i++) {
          items.add(value(itemSchema, path + "[]", examples));
        }
        return items;
      }
      case "boolean" -> candidates.add(false);
      case "integer", "number" -> {
        if (schema.get("minimum") instanceof Number min) {
          candidates.add(
              min.longValue() + (Boolean.TRUE.equals(schema.get("exclusiveMinimum")) ? 1 : 0));
        }
        candidates.add(1L);
        if (schema.get("maximum") instanceof Number max) {
          candidates.add(max.longValue());
        }
      }
      default -> {
        candidates.addAll(STRINGS);
        if (schema.get("minLength") instanceof Number min) {
          candidates.add("x".repeat(min.intValue()));
        }
      }
    }
    for (Object candidate : candidates) {
      if (SchemaValidation.validate(candidate, schema, path).isEmpty()) {
        return candidate;
      }
    }
    throw new OperatorException(
        "spec."
            + path
            + " is required and has no default, and none of the plain values fits its schema"
            + " (a pattern?): add example=\"...\" to it in the schema, so that the sample and the"
            + " starter test have a valid value.");
  }
}
