package io.webserveroperator.kind;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The markers a field of a simple schema may carry after its type ({@code replicas: integer |
 * default=1 minimum=1}): kro's SimpleSchema markers, with kro's meaning, and four of this project's
 * own ({@code column}, {@code scale}, {@code message}, {@code example}). docs/simple-schema.md
 * describes each; {@code SimpleSchemaDocTest} keeps it complete.
 */
public enum Marker {
  REQUIRED("required", "true: the field must be given (the parent's required list)."),
  DEFAULT(
      "default",
      "the value the API server fills in when the field is left out; a string as written, a number,"
          + " true or false, or JSON for a list or an object."),
  DESCRIPTION("description", "what the field means; kubectl explain shows it."),
  MINIMUM("minimum", "the smallest number allowed."),
  MAXIMUM("maximum", "the largest number allowed."),
  VALIDATION(
      "validation",
      "a CEL rule the API server checks (x-kubernetes-validations), with kro's message"
          + " \"validation failed\" unless message says another."),
  ENUM("enum", "the allowed values, comma-separated: enum=\"a,b\" (strings and integers)."),
  IMMUTABLE("immutable", "true: the field cannot change once set (the CEL rule self == oldSelf)."),
  PATTERN(
      "pattern",
      "a regular expression the string must match somewhere (RE2, the syntax of Go's regexp; anchor"
          + " it with ^...$ for the whole string)."),
  UNIQUE_ITEMS(
      "uniqueItems", "true: no item may repeat (the list becomes x-kubernetes-list-type: set)."),
  MIN_LENGTH("minLength", "the fewest characters a string may have."),
  MAX_LENGTH("maxLength", "the most characters a string may have."),
  MIN_ITEMS("minItems", "the fewest items a list may have."),
  MAX_ITEMS("maxItems", "the most items a list may have."),
  LIST_TYPE("listType", "atomic, set or map: how server-side apply merges the list."),
  LIST_MAP_KEY(
      "listMapKey", "with listType=map, the item field that identifies an item; may repeat."),
  COLUMN(
      "column",
      "a column of kubectl get showing the field, with this name: column=Desired (spec and status"
          + " fields outside lists and maps)."),
  SCALE(
      "scale",
      "replicas or selector: the field the scale subresource reads (kubectl scale, an"
          + " HorizontalPodAutoscaler). scale=replicas on an integer of spec and on one of status;"
          + " scale=selector on a string of status."),
  MESSAGE("message", "the message of this field's validation rule when it fails."),
  EXAMPLE(
      "example",
      "a valid value for the sample and the starter test that create api writes; not in the CRD.");

  private final String key;
  private final String meaning;

  Marker(String key, String meaning) {
    this.key = key;
    this.meaning = meaning;
  }

  /** As written in a schema: {@code minLength}. */
  public String key() {
    return key;
  }

  /** What it does, as one sentence for docs and errors. */
  public String meaning() {
    return meaning;
  }

  /** The marker written {@code key}, if there is one. */
  public static Optional<Marker> of(String key) {
    return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst();
  }

  /** Every key, comma-separated, for error messages. */
  static String keys() {
    return Arrays.stream(values()).map(Marker::key).collect(Collectors.joining(", "));
  }
}
