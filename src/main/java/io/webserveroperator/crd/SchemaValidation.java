package io.webserveroperator.crd;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Checks a value against a structural OpenAPI v3 schema as the API server checks a custom resource,
 * with its messages: {@code type}, {@code nullable}, {@code enum}, {@code required}, {@code
 * pattern} (RE2, as Go's regexp, matched anywhere in the text unless anchored), {@code
 * minimum}/{@code maximum} (and their exclusive forms), {@code multipleOf}, {@code
 * minLength}/{@code maxLength} (in characters), {@code minItems}/{@code maxItems}, {@code
 * minProperties}/{@code maxProperties}, the items of {@code x-kubernetes-list-type} {@code set} and
 * {@code map} lists, {@code x-kubernetes-int-or-string}, and fields the schema does not declare
 * (refused, as {@code kubectl}'s default strict field validation has it). Not checked: {@code
 * format}, {@code x-kubernetes-validations} (CEL), {@code allOf}/{@code anyOf}/{@code oneOf}/{@code
 * not}. Thread-safe.
 */
public final class SchemaValidation {

  private static final Map<String, Object> PATTERNS = new ConcurrentHashMap<>();

  private SchemaValidation() {}

  /** Every error of {@code value} at {@code path} against {@code schema}, in field order. */
  public static List<FieldError> validate(Object value, Map<String, Object> schema, String path) {
    List<FieldError> errors = new ArrayList<>();
    check(value, schema, path, errors);
    return errors;
  }

  /**
   * The RE2 pattern, compiled once.
   *
   * @throws PatternSyntaxException when it is not RE2 (Go's regexp refuses it too)
   */
  public static Pattern pattern(String regex) {
    Object compiled =
        PATTERNS.computeIfAbsent(
            regex,
            r -> {
              try {
                return Pattern.compile(r);
              } catch (PatternSyntaxException e) {
                return e;
              }
            });
    if (compiled instanceof PatternSyntaxException e) {
      throw e;
    }
    return (Pattern) compiled;
  }

  private static void check(
      Object value, Map<String, Object> schema, String path, List<FieldError> errors) {
    if (schema == null) {
      return;
    }
    String type = Schemas.type(schema);
    if (value == null) {
      if (!Schemas.nullable(schema) && type != null) {
        errors.add(invalid(path, null, "must be of type " + type + ": \"null\""));
      }
      return;
    }
    if (Boolean.TRUE.equals(schema.get("x-kubernetes-int-or-string"))) {
      if (!(value instanceof String) && !isInteger(value)) {
        String actual = typeOf(value);
        errors.add(invalid(path, actual, "must be of type integer,string: " + show(actual)));
        return;
      }
    } else if (type != null && !hasType(value, type)) {
      String actual = typeOf(value);
      errors.add(invalid(path, actual, "must be of type " + type + ": " + show(actual)));
      return;
    }
    checkEnum(value, schema, path, errors);
    if (value instanceof String text) {
      checkString(text, schema, path, errors);
    } else if (value instanceof Number number) {
      checkNumber(number, schema, path, errors);
    } else if (value instanceof List<?> list) {
      checkList(list, schema, path, errors);
    } else if (value instanceof Map<?, ?> map) {
      checkObject(map, schema, path, errors);
    }
  }

  private static void checkEnum(
      Object value, Map<String, Object> schema, String path, List<FieldError> errors) {
    if (!(schema.get("enum") instanceof List<?> allowed)) {
      return;
    }
    if (allowed.stream().noneMatch(a -> sameValue(a, value))) {
      errors.add(
          new FieldError(
              path,
              "Unsupported value: "
                  + show(value)
                  + ": supported values: "
                  + allowed.stream()
                      .map(SchemaValidation::show)
                      .collect(Collectors.joining(", "))));
    }
  }

  private static void checkString(
      String text, Map<String, Object> schema, String path, List<FieldError> errors) {
    long length = text.codePointCount(0, text.length());
    if (schema.get("minLength") instanceof Number min && length < min.longValue()) {
      errors.add(invalid(path, text, "should be at least " + min + " chars long"));
    }
    if (schema.get("maxLength") instanceof Number max && length > max.longValue()) {
      errors.add(invalid(path, text, "should be at most " + max + " chars long"));
    }
    if (schema.get("pattern") instanceof String regex) {
      Pattern pattern;
      try {
        pattern = pattern(regex);
      } catch (PatternSyntaxException e) {
        errors.add(
            new FieldError(
                path,
                "the CRD's pattern '"
                    + regex
                    + "' is not RE2, the syntax of Go's regexp, so the API server refuses the CRD: "
                    + e.getDescription()));
        return;
      }
      if (!pattern.matcher(text).find()) {
        errors.add(invalid(path, text, "should match '" + regex + "'"));
      }
    }
  }

  private static void checkNumber(
      Number number, Map<String, Object> schema, String path, List<FieldError> errors) {
    BigDecimal value = decimal(number);
    if (schema.get("minimum") instanceof Number min) {
      boolean exclusive = Boolean.TRUE.equals(schema.get("exclusiveMinimum"));
      int cmp = value.compareTo(decimal(min));
      if (exclusive ? cmp <= 0 : cmp < 0) {
        errors.add(
            invalid(
                path,
                number,
                "should be greater than " + (exclusive ? "" : "or equal to ") + show(min)));
      }
    }
    if (schema.get("maximum") instanceof Number max) {
      boolean exclusive = Boolean.TRUE.equals(schema.get("exclusiveMaximum"));
      int cmp = value.compareTo(decimal(max));
      if (exclusive ? cmp >= 0 : cmp > 0) {
        errors.add(
            invalid(
                path,
                number,
                "should be less than " + (exclusive ? "" : "or equal to ") + show(max)));
      }
    }
    if (schema.get("multipleOf") instanceof Number factor
        && decimal(factor).signum() != 0
        && value.remainder(decimal(factor)).signum() != 0) {
      errors.add(invalid(path, number, "should be a multiple of " + show(factor)));
    }
  }

  private static void checkList(
      List<?> list, Map<String, Object> schema, String path, List<FieldError> errors) {
    if (schema.get("minItems") instanceof Number min && list.size() < min.longValue()) {
      errors.add(invalid(path, list.size(), "should have at least " + min + " items"));
    }
    if (schema.get("maxItems") instanceof Number max && list.size() > max.longValue()) {
      errors.add(
          new FieldError(
              path, "Too many: " + list.size() + ": must have at most " + max + " items"));
    }
    Map<String, Object> items = Schemas.items(schema);
    for (int i = 0; i < list.size(); i++) {
      check(list.get(i), items, path + "[" + i + "]", errors);
    }
    Object listType = schema.get("x-kubernetes-list-type");
    if ("set".equals(listType)) {
      Set<Object> seen = new HashSet<>();
      for (int i = 0; i < list.size(); i++) {
        if (!seen.add(normalised(list.get(i)))) {
          errors.add(new FieldError(path + "[" + i + "]", "Duplicate value: " + show(list.get(i))));
        }
      }
    } else if ("map".equals(listType)
        && schema.get("x-kubernetes-list-map-keys") instanceof List<?> keys) {
      Set<List<Object>> seen = new HashSet<>();
      for (int i = 0; i < list.size(); i++) {
        if (list.get(i) instanceof Map<?, ?> item) {
          List<Object> key = new ArrayList<>();
          keys.forEach(k -> key.add(normalised(item.get(String.valueOf(k)))));
          if (!seen.add(key)) {
            errors.add(new FieldError(path + "[" + i + "]", "Duplicate value: " + show(item)));
          }
        }
      }
    }
  }

  private static void checkObject(
      Map<?, ?> map, Map<String, Object> schema, String path, List<FieldError> errors) {
    if (schema.get("required") instanceof List<?> required) {
      for (Object name : required) {
        if (!map.containsKey(String.valueOf(name))) {
          errors.add(new FieldError(child(path, String.valueOf(name)), "Required value"));
        }
      }
    }
    if (schema.get("minProperties") instanceof Number min && map.size() < min.longValue()) {
      errors.add(invalid(path, map.size(), "should have at least " + min + " properties"));
    }
    if (schema.get("maxProperties") instanceof Number max && map.size() > max.longValue()) {
      errors.add(invalid(path, map.size(), "should have at most " + max + " properties"));
    }
    Map<String, Object> properties = Schemas.properties(schema);
    Object additional = schema.get("additionalProperties");
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      String key = String.valueOf(entry.getKey());
      if (properties.containsKey(key)) {
        check(entry.getValue(), Schemas.map(properties.get(key)), child(path, key), errors);
      } else if (additional instanceof Map<?, ?>) {
        check(entry.getValue(), Schemas.additionalProperties(schema), child(path, key), errors);
      } else if (!Schemas.preservesUnknownFields(schema) && !Boolean.TRUE.equals(additional)) {
        errors.add(
            new FieldError(
                child(path, key),
                "unknown field: the schema declares "
                    + (properties.isEmpty() ? "none" : String.join(", ", properties.keySet()))
                    + " (kubectl's default strict field validation refuses it)"));
      }
    }
  }

  private static String child(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  private static boolean hasType(Object value, String type) {
    return switch (type) {
      case "object" -> value instanceof Map<?, ?>;
      case "array" -> value instanceof List<?>;
      case "string" -> value instanceof String;
      case "boolean" -> value instanceof Boolean;
      case "integer" -> isInteger(value);
      case "number" -> value instanceof Number;
      default -> true;
    };
  }

  /** The JSON type of a value, which the API server names in place of a value of a wrong type. */
  private static String typeOf(Object value) {
    if (value instanceof Map<?, ?>) {
      return "object";
    }
    if (value instanceof List<?>) {
      return "array";
    }
    if (value instanceof Boolean) {
      return "boolean";
    }
    if (value instanceof String) {
      return "string";
    }
    return isInteger(value) ? "integer" : "number";
  }

  private static boolean isInteger(Object value) {
    return value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof BigInteger;
  }

  private static BigDecimal decimal(Number number) {
    if (number instanceof BigDecimal big) {
      return big;
    }
    if (number instanceof BigInteger big) {
      return new BigDecimal(big);
    }
    if (isInteger(number)) {
      return BigDecimal.valueOf(number.longValue());
    }
    return BigDecimal.valueOf(number.doubleValue());
  }

  private static boolean sameValue(Object a, Object b) {
    return Objects.equals(normalised(a), normalised(b));
  }

  /** Numbers by value, so that {@code 1} and {@code 1.0} are one set item, as in JSON. */
  private static Object normalised(Object value) {
    if (value instanceof Number number) {
      return decimal(number).stripTrailingZeros();
    }
    return value;
  }

  private static FieldError invalid(String path, Object value, String problem) {
    return new FieldError(
        path, "Invalid value: " + show(value) + ": " + path + " in body " + problem);
  }

  /** A value as the API server quotes it: strings in double quotes, the rest as JSON. */
  public static String show(Object value) {
    if (value == null) {
      return "\"null\"";
    }
    if (value instanceof String text) {
      return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      return d == Math.rint(d) && !Double.isInfinite(d)
          ? Long.toString((long) d)
          : Double.toString(d);
    }
    return String.valueOf(value);
  }
}
