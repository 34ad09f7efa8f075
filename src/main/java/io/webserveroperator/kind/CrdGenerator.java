package io.webserveroperator.kind;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import io.webserveroperator.status.EngineStatusFields;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CustomResourceDefinition of a {@link KindSchema}: structural, namespaced, one served and
 * stored version with the status subresource; {@code status} holds the kind's own fields and every
 * field the engine writes ({@link EngineStatusFields}); the printer columns are the marked fields',
 * then Ready, Reason, Revision and Age; the scale subresource when the schema marks it. Every level
 * the generator adds has a description, so {@code kubectl explain} explains it. Pure.
 */
public final class CrdGenerator {

  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .disable(YAMLGenerator.Feature.SPLIT_LINES)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          // A string default such as "16" written bare would read back as a number, which the
          // API server refuses for a string field.
          .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
          .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
          .build();

  /** The order a schema's keys are written in, the rest after them as they come. */
  private static final List<String> KEY_ORDER =
      List.of(
          "description",
          "type",
          "format",
          "enum",
          "default",
          "minimum",
          "maximum",
          "minLength",
          "maxLength",
          "pattern",
          "minItems",
          "maxItems",
          "x-kubernetes-list-type",
          "x-kubernetes-list-map-keys",
          "x-kubernetes-preserve-unknown-fields",
          "x-kubernetes-validations",
          "required",
          "properties",
          "items",
          "additionalProperties");

  private CrdGenerator() {}

  /** The CRD, as plain maps. */
  public static Map<String, Object> generate(KindSchema schema) {
    KindNames names = schema.names();
    Map<String, Object> crd = new LinkedHashMap<>();
    crd.put("apiVersion", "apiextensions.k8s.io/v1");
    crd.put("kind", "CustomResourceDefinition");
    crd.put("metadata", map("name", names.crdName()));
    Map<String, Object> namesMap = new LinkedHashMap<>();
    namesMap.put("kind", names.kind());
    namesMap.put("listKind", names.kind() + "List");
    namesMap.put("plural", names.plural());
    namesMap.put("singular", names.singular());
    if (!names.shortNames().isEmpty()) {
      namesMap.put("shortNames", names.shortNames());
    }
    if (!names.categories().isEmpty()) {
      namesMap.put("categories", names.categories());
    }
    Map<String, Object> version = new LinkedHashMap<>();
    version.put("name", names.version());
    version.put("served", true);
    version.put("storage", true);
    Map<String, Object> subresources = new LinkedHashMap<>();
    subresources.put("status", new LinkedHashMap<>());
    schema
        .scale()
        .ifPresent(
            scale -> {
              Map<String, Object> scaleMap = new LinkedHashMap<>();
              scaleMap.put("specReplicasPath", scale.specReplicasPath());
              scaleMap.put("statusReplicasPath", scale.statusReplicasPath());
              if (scale.labelSelectorPath() != null) {
                scaleMap.put("labelSelectorPath", scale.labelSelectorPath());
              }
              subresources.put("scale", scaleMap);
            });
    version.put("subresources", subresources);
    version.put("additionalPrinterColumns", columns(schema));
    version.put("schema", map("openAPIV3Schema", root(schema)));
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("group", names.group());
    spec.put("names", namesMap);
    spec.put("scope", "Namespaced");
    spec.put("versions", List.of(version));
    crd.put("spec", spec);
    return crd;
  }

  /**
   * The CRD as its file in {@code crds/}: a comment that names its source and how to regenerate it,
   * then the YAML.
   *
   * @param source the schema file, as the project names it ({@code templates/postgres/schema.yaml})
   */
  public static String yaml(KindSchema schema, String source) {
    KindNames names = schema.names();
    String header =
        "# Generated from "
            + source
            + " by `create api`: edit that file, then run\n"
            + "#   java -jar target/webserver-operator.jar create api --group "
            + names.group()
            + " --version "
            + names.version()
            + " --kind "
            + names.kind()
            + "\n"
            + "# to regenerate this one (lint fails while they differ). See docs/simple-schema.md.\n";
    try {
      return header + YAML.writeValueAsString(generate(schema));
    } catch (JsonProcessingException e) {
      throw new OperatorException("Cannot write the CRD of " + names.kind() + ": " + e, e);
    }
  }

  private static Map<String, Object> root(KindSchema schema) {
    KindNames names = schema.names();
    Map<String, Object> spec = new LinkedHashMap<>(schema.spec());
    spec.putIfAbsent(
        "description",
        "What this " + names.kind() + " should be: its templates render it into objects.");
    Map<String, Object> status = new LinkedHashMap<>(schema.status());
    status.put(
        "description",
        "What the operator observed and did; written by the operator only: the status template's"
            + " fields, the conditions, the inventory of objects applied and the template"
            + " revision.");
    @SuppressWarnings("unchecked")
    Map<String, Object> statusProperties =
        new LinkedHashMap<>((Map<String, Object>) status.getOrDefault("properties", Map.of()));
    statusProperties.putAll(EngineStatusFields.properties());
    status.put("properties", statusProperties);
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put(
        "apiVersion",
        map(
            "description",
            "Versioned schema of this representation of an object.",
            "type",
            "string"));
    properties.put(
        "kind", map("description", "REST resource this object represents.", "type", "string"));
    properties.put("metadata", map("type", "object"));
    properties.put("spec", spec);
    properties.put("status", status);
    Map<String, Object> root = new LinkedHashMap<>();
    root.put(
        "description",
        schema.description() != null
            ? schema.description()
            : names.kind()
                + " is a kind of your own: the operator renders each one with the templates in"
                + " templates/"
                + names.folder()
                + ".");
    root.put("type", "object");
    if (spec.containsKey("required")) {
      root.put("required", List.of("spec"));
    }
    root.put("properties", properties);
    return ordered(root);
  }

  private static List<Object> columns(KindSchema schema) {
    List<Object> columns = new ArrayList<>();
    for (PrinterColumn column : schema.columns()) {
      columns.add(column(column.name(), column.type(), column.description(), column.jsonPath()));
    }
    columns.add(
        column(
            "Ready",
            "string",
            "Whether every object the resource owns is applied and ready.",
            ".status.conditions[?(@.type==\"Ready\")].status"));
    columns.add(
        column(
            "Reason",
            "string",
            "Why it is ready or not, in one word.",
            ".status.conditions[?(@.type==\"Ready\")].reason"));
    columns.add(
        column(
            "Revision",
            "string",
            "The template revision the resource's objects were last applied from.",
            ".status.templateRevision"));
    columns.add(column("Age", "date", null, ".metadata.creationTimestamp"));
    return columns;
  }

  private static Map<String, Object> column(
      String name, String type, String description, String jsonPath) {
    Map<String, Object> column = new LinkedHashMap<>();
    column.put("name", name);
    column.put("type", type);
    if (description != null) {
      column.put("description", description);
    }
    column.put("jsonPath", jsonPath);
    return column;
  }

  /** The schema with its keys, and those of every schema below it, in {@link #KEY_ORDER}. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> ordered(Map<String, Object> schema) {
    Map<String, Object> out = new LinkedHashMap<>();
    KEY_ORDER.stream().filter(schema::containsKey).forEach(k -> out.put(k, schema.get(k)));
    schema.forEach(out::putIfAbsent);
    if (out.get("properties") instanceof Map<?, ?> properties) {
      Map<String, Object> sorted = new LinkedHashMap<>();
      ((Map<String, Object>) properties)
          .forEach((k, v) -> sorted.put(k, ordered((Map<String, Object>) v)));
      out.put("properties", sorted);
    }
    for (String key : List.of("items", "additionalProperties")) {
      if (out.get(key) instanceof Map<?, ?> child) {
        out.put(key, ordered((Map<String, Object>) child));
      }
    }
    return out;
  }

  private static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
