package io.webserveroperator.crd;

import java.util.Map;

/** Reading the parts of an OpenAPI v3 schema held as plain maps, as YAML or JSON parse it. */
final class Schemas {

  private Schemas() {}

  /** The value as a schema, or null when it is not a map. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object value) {
    return value instanceof Map<?, ?> map ? (Map<String, Object>) map : null;
  }

  /** Its {@code properties}, empty when it has none. */
  static Map<String, Object> properties(Map<String, Object> schema) {
    Map<String, Object> properties = map(schema.get("properties"));
    return properties == null ? Map.of() : properties;
  }

  /** Its {@code additionalProperties} schema, or null when it has none or only a boolean. */
  static Map<String, Object> additionalProperties(Map<String, Object> schema) {
    return map(schema.get("additionalProperties"));
  }

  /** Its {@code items} schema, or null. */
  static Map<String, Object> items(Map<String, Object> schema) {
    return map(schema.get("items"));
  }

  /** Whether it says {@code nullable: true}. */
  static boolean nullable(Map<String, Object> schema) {
    return Boolean.TRUE.equals(schema.get("nullable"));
  }

  /** Whether any field may appear below it: {@code x-kubernetes-preserve-unknown-fields: true}. */
  static boolean preservesUnknownFields(Map<String, Object> schema) {
    return Boolean.TRUE.equals(schema.get("x-kubernetes-preserve-unknown-fields"));
  }

  /** Its {@code type}, or null when it has none ({@code x-kubernetes-int-or-string}, any). */
  static String type(Map<String, Object> schema) {
    return schema.get("type") instanceof String type ? type : null;
  }
}
