package io.webserveroperator.kind;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.re2j.PatternSyntaxException;
import io.webserveroperator.crd.FieldError;
import io.webserveroperator.crd.SchemaValidation;
import io.webserveroperator.kind.FieldReader.Place;
import io.webserveroperator.kind.FieldReader.Where;
import io.webserveroperator.kind.MarkerParser.Written;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What each {@link Marker} does to a field's schema, with kro's checks (a marker on a type it does
 * not fit is a problem), and the markers of this project's own: {@code column} and {@code scale},
 * gathered here for the CRD, and {@code example}, for the sample. A default or an example is
 * checked against the field's schema, as the API server checks a CRD's defaults.
 */
final class MarkerRules {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<Marker> REPEATABLE = EnumSet.of(Marker.LIST_MAP_KEY, Marker.VALIDATION);
  private static final Set<String> BUILT_IN_COLUMNS =
      Set.of("Name", "Ready", "Reason", "Revision", "Age");

  private final FieldReader reader;
  private final List<PrinterColumn> columns = new ArrayList<>();
  private final Map<String, Object> examples = new LinkedHashMap<>();
  private String specReplicas;
  private String specReplicasPointer;
  private String statusReplicas;
  private String selector;
  private String scalePointer;

  MarkerRules(FieldReader reader) {
    this.reader = reader;
  }

  /** The columns asked for, in the order met. */
  List<PrinterColumn> columns() {
    return columns;
  }

  /** The examples, by spec field path without {@code spec.}. */
  Map<String, Object> examples() {
    return examples;
  }

  /** The scale subresource, if asked for and complete; a problem says what is missing otherwise. */
  Optional<ScaleSubresource> scale() {
    if (specReplicas == null && statusReplicas == null && selector == null) {
      return Optional.empty();
    }
    if (specReplicas == null || statusReplicas == null) {
      reader.problem(
          specReplicas == null ? scalePointer : specReplicasPointer,
          "the scale subresource needs scale=replicas on an integer field of spec (the replicas"
              + " asked for) and on one of status (the replicas there are)");
      return Optional.empty();
    }
    return Optional.of(new ScaleSubresource(specReplicas, statusReplicas, selector));
  }

  /**
   * Applies the markers to the schema of the field at {@code at}.
   *
   * @param required whether the field is required so far (a required custom type)
   * @return whether it is required after the markers
   */
  boolean apply(Map<String, Object> schema, List<Written> written, Where at, boolean required) {
    Set<Marker> seen = EnumSet.noneOf(Marker.class);
    String type = String.valueOf(schema.get("type"));
    String defaultText = null;
    String exampleText = null;
    String columnName = null;
    List<Map<String, Object>> rules = new ArrayList<>();
    String message = null;
    for (Written marker : written) {
      if (!seen.add(marker.marker()) && !REPEATABLE.contains(marker.marker())) {
        problem(at, "the marker " + marker.marker().key() + " is given twice");
        continue;
      }
      String value = marker.value();
      switch (marker.marker()) {
        case REQUIRED -> {
          Boolean flag = bool(at, marker);
          if (flag != null && flag && at.place() == Place.STATUS) {
            problem(
                at,
                "a status field cannot be required: the operator writes status in steps, and a"
                    + " write without it would be refused");
          } else if (flag != null) {
            required = flag;
          }
        }
        case DEFAULT -> defaultText = value;
        case DESCRIPTION -> schema.put("description", value);
        case MINIMUM, MAXIMUM -> {
          if (fits(at, marker, type, "integer", "number")) {
            number(at, marker).ifPresent(n -> schema.put(marker.marker().key(), n));
          }
        }
        case VALIDATION -> {
          if (value.isBlank()) {
            problem(at, "validation needs a CEL rule: validation=\"self.size() > 0\"");
          } else {
            rules.add(rule(value, "validation failed"));
          }
        }
        case MESSAGE -> message = value;
        case ENUM -> enumValues(at, type, value).ifPresent(values -> schema.put("enum", values));
        case IMMUTABLE -> {
          Boolean flag = bool(at, marker);
          if (flag != null && flag) {
            rules.add(rule("self == oldSelf", "field is immutable"));
          }
        }
        case PATTERN -> {
          if (value.isEmpty()) {
            problem(at, "pattern needs a regular expression");
          } else if (fits(at, marker, type, "string")) {
            try {
              SchemaValidation.pattern(value);
              schema.put("pattern", value);
            } catch (PatternSyntaxException e) {
              problem(
                  at,
                  "pattern '"
                      + value
                      + "' is not RE2, the syntax of Go's regexp that the API server uses: "
                      + e.getDescription());
            }
          }
        }
        case UNIQUE_ITEMS -> {
          Boolean flag = bool(at, marker);
          if (flag != null && flag && fits(at, marker, type, "array")) {
            listType(schema, at, "set");
          }
        }
        case MIN_LENGTH, MAX_LENGTH -> {
          if (fits(at, marker, type, "string")) {
            count(at, marker).ifPresent(n -> schema.put(marker.marker().key(), n));
          }
        }
        case MIN_ITEMS, MAX_ITEMS -> {
          if (fits(at, marker, type, "array")) {
            count(at, marker).ifPresent(n -> schema.put(marker.marker().key(), n));
          }
        }
        case LIST_TYPE -> {
          if (!List.of("atomic", "set", "map").contains(value)) {
            problem(at, "listType is atomic, set or map, not '" + value + "'");
          } else if (fits(at, marker, type, "array")) {
            listType(schema, at, value);
          }
        }
        case LIST_MAP_KEY -> {
          if (fits(at, marker, type, "array")) {
            listMapKey(schema, at, value);
          }
        }
        case COLUMN -> columnName = value;
        case SCALE -> scale(at, type, value);
        case EXAMPLE -> exampleText = value;
      }
    }
    if (schema.containsKey("x-kubernetes-list-map-keys")
        && !"map".equals(schema.get("x-kubernetes-list-type"))) {
      problem(at, "listMapKey needs listType=map");
    }
    if (message != null) {
      if (rules.stream().noneMatch(r -> "validation failed".equals(r.get("message")))) {
        problem(at, "message is the message of a validation rule: add validation=\"...\"");
      }
      String text = message;
      rules.stream()
          .filter(r -> "validation failed".equals(r.get("message")))
          .forEach(r -> r.put("message", text));
    }
    if (!rules.isEmpty()) {
      @SuppressWarnings("unchecked")
      List<Object> existing =
          (List<Object>) schema.computeIfAbsent("x-kubernetes-validations", k -> new ArrayList<>());
      existing.addAll(rules);
    }
    if (columnName != null) {
      column(schema, at, type, columnName);
    }
    if (defaultText != null) {
      value(at, "default", defaultText, schema).ifPresent(v -> schema.put("default", v));
    }
    if (exampleText != null) {
      if (at.place() != Place.SPEC || at.jsonPath() == null) {
        problem(at, "example gives a value for the sample: it belongs on a field of spec");
      } else {
        String key = at.jsonPath().substring(".spec.".length());
        value(at, "example", exampleText, schema).ifPresent(v -> examples.put(key, v));
      }
    }
    return required;
  }

  private void column(Map<String, Object> schema, Where at, String type, String name) {
    if (at.place() == Place.TYPE || at.jsonPath() == null) {
      problem(at, "column shows a field of spec or status, not one inside a list, a map or a type");
      return;
    }
    if (!List.of("string", "integer", "number", "boolean").contains(type)) {
      problem(at, "column shows a string, integer, float or boolean field, not " + type);
      return;
    }
    if (name.isBlank()) {
      problem(at, "column needs the column's name: column=Desired");
      return;
    }
    if (BUILT_IN_COLUMNS.contains(name)
        || columns.stream().anyMatch(c -> c.name().equalsIgnoreCase(name))) {
      problem(at, "there is a column " + name + " already; choose another name");
      return;
    }
    Object description = schema.get("description");
    columns.add(
        new PrinterColumn(
            name, type, at.jsonPath(), description == null ? null : description.toString()));
  }

  private void scale(Where at, String type, String role) {
    if (at.place() == Place.TYPE || at.jsonPath() == null) {
      problem(at, "scale marks a field of spec or status, not one inside a list, a map or a type");
      return;
    }
    scalePointer = at.pointer();
    switch (role) {
      case "replicas" -> {
        if (!type.equals("integer")) {
          problem(at, "scale=replicas marks an integer field, not " + type);
        } else if (at.place() == Place.SPEC) {
          if (specReplicas != null) {
            problem(at, "scale=replicas is on " + specReplicas + " already");
          }
          specReplicas = at.jsonPath();
          specReplicasPointer = at.pointer();
        } else {
          if (statusReplicas != null) {
            problem(at, "scale=replicas is on " + statusReplicas + " already");
          }
          statusReplicas = at.jsonPath();
        }
      }
      case "selector" -> {
        if (at.place() != Place.STATUS || !type.equals("string")) {
          problem(at, "scale=selector marks a string field of status: the pods' label selector");
        } else {
          if (selector != null) {
            problem(at, "scale=selector is on " + selector + " already");
          }
          selector = at.jsonPath();
        }
      }
      default -> problem(at, "scale is replicas or selector, not '" + role + "'");
    }
  }

  private void listType(Map<String, Object> schema, Where at, String type) {
    Object current = schema.get("x-kubernetes-list-type");
    if (current != null && !current.equals(type)) {
      problem(
          at,
          "the list is listType "
              + current
              + " already (uniqueItems=true makes it a set); it cannot also be "
              + type);
      return;
    }
    schema.put("x-kubernetes-list-type", type);
  }

  @SuppressWarnings("unchecked")
  private void listMapKey(Map<String, Object> schema, Where at, String key) {
    List<Object> keys =
        (List<Object>) schema.computeIfAbsent("x-kubernetes-list-map-keys", k -> new ArrayList<>());
    if (keys.contains(key)) {
      problem(at, "listMapKey " + key + " is given twice");
    } else {
      keys.add(key);
    }
  }

  private Optional<List<Object>> enumValues(Where at, String type, String text) {
    if (!type.equals("string") && !type.equals("integer")) {
      problem(at, "enum lists the values of a string or integer field, not of " + type);
      return Optional.empty();
    }
    List<Object> values = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      String value = part.strip();
      if (value.isEmpty()) {
        problem(at, "enum has an empty value: write enum=\"a,b\"");
        return Optional.empty();
      }
      if (type.equals("integer")) {
        try {
          values.add(Long.parseLong(value));
        } catch (NumberFormatException e) {
          problem(at, "enum value '" + value + "' is not an integer");
          return Optional.empty();
        }
      } else {
        values.add(value);
      }
    }
    return Optional.of(values);
  }

  /** A default or example as the field's type reads it, checked against the field's schema. */
  private Optional<Object> value(Where at, String what, String text, Map<String, Object> schema) {
    Object value;
    String type = String.valueOf(schema.get("type"));
    try {
      value =
          switch (type) {
            case "string" -> text;
            case "integer" -> Long.parseLong(text);
            case "number" -> decimal(text);
            case "boolean" -> {
              Boolean flag = parseBool(text);
              if (flag == null) {
                throw new IllegalArgumentException();
              }
              yield flag;
            }
            default -> JSON.readValue(text, Object.class);
          };
    } catch (IllegalArgumentException | JsonProcessingException e) {
      problem(
          at,
          what
              + " '"
              + text
              + "' is not "
              + (type.equals("array") || type.equals("object")
                  ? "JSON for a " + (type.equals("array") ? "list" : "map") + " (" + what + "=[80])"
                  : "a valid " + type));
      return Optional.empty();
    }
    Map<String, Object> checked = new LinkedHashMap<>(schema);
    checked.remove("default");
    List<FieldError> errors = SchemaValidation.validate(value, checked, at.name());
    if (!errors.isEmpty()) {
      problem(at, what + " " + SchemaValidation.show(value) + " does not fit the field: " + errors);
      return Optional.empty();
    }
    return Optional.of(value);
  }

  private boolean fits(Where at, Written marker, String type, String... types) {
    if (List.of(types).contains(type)) {
      return true;
    }
    problem(
        at,
        marker.marker().key()
            + " applies to "
            + String.join(" and ", types).replace("number", "float")
            + " fields, not to "
            + type.replace("number", "float"));
    return false;
  }

  private Boolean bool(Where at, Written marker) {
    Boolean flag = parseBool(marker.value());
    if (flag == null) {
      problem(at, marker.marker().key() + " is true or false, not '" + marker.value() + "'");
    }
    return flag;
  }

  /** As Go's strconv.ParseBool, which kro uses. */
  private static Boolean parseBool(String text) {
    return switch (text) {
      case "1", "t", "T", "true", "TRUE", "True" -> true;
      case "0", "f", "F", "false", "FALSE", "False" -> false;
      default -> null;
    };
  }

  private Optional<Number> number(Where at, Written marker) {
    try {
      return Optional.of(decimal(marker.value()));
    } catch (NumberFormatException e) {
      problem(at, marker.marker().key() + " is a number, not '" + marker.value() + "'");
      return Optional.empty();
    }
  }

  private Optional<Long> count(Where at, Written marker) {
    try {
      long count = Long.parseLong(marker.value());
      if (count >= 0) {
        return Optional.of(count);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problem(
        at,
        marker.marker().key() + " is a whole number of 0 or more, not '" + marker.value() + "'");
    return Optional.empty();
  }

  /** A number as JSON writes it: whole numbers as integers, others as doubles. */
  private static Number decimal(String text) {
    BigDecimal value = new BigDecimal(text.strip().toLowerCase(Locale.ROOT));
    try {
      return value.longValueExact();
    } catch (ArithmeticException e) {
      return value.doubleValue();
    }
  }

  private static Map<String, Object> rule(String rule, String message) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("rule", rule);
    map.put("message", message);
    return map;
  }

  private void problem(Where at, String message) {
    reader.problem(at.pointer(), at.name() + ": " + message);
  }
}
