package io.webserveroperator.scaffold;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import io.webserveroperator.kind.KindNames;
import io.webserveroperator.kind.KindSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The text of the files {@code create api} starts a kind with: its schema, a starter template (one
 * ConfigMap holding the spec, ready as soon as it exists), its status template, a test suite that
 * passes, and a sample. Pure.
 */
final class StarterFiles {

  /** The starter template's file name; the status template's is {@link #STATUS}. */
  static final String TEMPLATE = "configmap.yaml.j2";

  static final String STATUS = "_status.yaml.j2";

  static final String SCHEMA = "schema.yaml";

  private static final Pattern CONFIG_MAP_KEY = Pattern.compile("[-._a-zA-Z0-9]+");

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .disable(YAMLGenerator.Feature.SPLIT_LINES)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
          .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
          .build();

  private StarterFiles() {}

  /**
   * A schema file: a comment saying what it is, the names {@code body} does not give, then {@code
   * body}, the user's own schema or the starter one ({@link #starterBody}).
   */
  static String schema(KindNames names, String body, String crdFile) {
    StringBuilder out = new StringBuilder();
    out.append("# The schema of ")
        .append(names.kind())
        .append(", in kro's SimpleSchema syntax (docs/simple-schema.md), and the source\n")
        .append("# of ")
        .append(crdFile)
        .append(".\n# After an edit, run the same create api command again: it regenerates the")
        .append(" CRD, and lint\n# fails while they differ.\n");
    if (!hasKey(body, "apiVersion")) {
      out.append("apiVersion: ").append(names.version()).append('\n');
    }
    if (!hasKey(body, "kind")) {
      out.append("kind: ").append(names.kind()).append('\n');
    }
    if (!hasKey(body, "group")) {
      out.append("group: ").append(names.group()).append('\n');
    }
    if (!hasKey(body, "plural")) {
      out.append("plural: ").append(names.plural()).append('\n');
    }
    if (!hasKey(body, "shortNames") && !names.shortNames().isEmpty()) {
      out.append("shortNames: [").append(String.join(", ", names.shortNames())).append("]\n");
    }
    out.append(body);
    if (!body.endsWith("\n")) {
      out.append('\n');
    }
    return out.toString();
  }

  /** The spec and status of a kind made without {@code --schema}: one field each, to replace. */
  static String starterBody() {
    return """
        spec:
          # A starter field, which the starter template writes into a ConfigMap. Replace it with
          # fields of your own: name: type | markers (docs/simple-schema.md).
          message: string | default="Hello" maxLength=1024 column=Message description="Text the starter template writes into a ConfigMap."
        status:
          configMap: string | description="The ConfigMap the starter template renders, once it exists."
        """;
  }

  /** The starter template: a ConfigMap with each top-level spec field the ConfigMap can hold. */
  static String template(KindSchema schema) {
    KindNames names = schema.names();
    StringBuilder out = new StringBuilder();
    out.append("{# A starter template written by `create api`: one ConfigMap holding the spec, so")
        .append(" that a new\n   ")
        .append(names.kind())
        .append(" is Ready as soon as it exists. Replace it with the objects your kind needs (a\n")
        .append("   Deployment, a StatefulSet, a Service): docs/templates.md says how, and\n")
        .append("   docs/your-own-kind.md shows it. #}\n")
        .append("apiVersion: v1\n")
        .append("kind: ConfigMap\n")
        .append("metadata:\n")
        .append("  name: {{ metadata.name }}-config\n")
        .append("data:\n");
    List<String> lines = new ArrayList<>();
    properties(schema.spec())
        .forEach(
            (name, property) -> {
              if (!CONFIG_MAP_KEY.matcher(name).matches()) {
                return;
              }
              String value =
                  "string".equals(property.get("type"))
                      ? "{{ spec." + name + " }}"
                      : "'{{ spec." + name + " | tojson }}'";
              if (always(schema.spec(), name)) {
                lines.add("  " + name + ": " + value + "\n");
              } else {
                lines.add(
                    "{% if spec."
                        + name
                        + " is defined %}\n  "
                        + name
                        + ": "
                        + value
                        + "\n{% endif %}\n");
              }
            });
    if (lines.isEmpty()) {
      out.setLength(out.length() - 1);
      out.append(" {}\n");
    }
    lines.forEach(out::append);
    return out.toString();
  }

  /**
   * The status template: for the starter schema, the ConfigMap's name once it exists; for a schema
   * of the user's, each status field at a starting value of its type, to compute from the children.
   */
  static String statusTemplate(KindSchema schema, boolean starter) {
    StringBuilder out = new StringBuilder();
    out.append("{# Status fields, rendered from the live children after each apply")
        .append(" (children.KIND[NAME] is\n")
        .append("   the live object); the operator adds conditions, observedGeneration,")
        .append(" inventory,\n")
        .append("   templateRevision and lastHandledReconcileAt itself. #}\n");
    if (starter) {
      out.append("{% set name = metadata.name ~ '-config' %}\n")
          .append(
              "{% set configs = children.ConfigMap if children.ConfigMap is defined else {} %}\n")
          .append("configMap: \"{{ name if name in configs else '' }}\"\n");
      return out.toString();
    }
    Map<String, Map<String, Object>> fields = properties(schema.status());
    if (!fields.isEmpty()) {
      out.append("{# Starting values: compute each from the children, as in\n")
          .append("   templates/webserver/_status.yaml.j2. #}\n");
    }
    fields.forEach(
        (name, property) -> out.append(name).append(": ").append(zero(property)).append('\n'));
    return out.toString();
  }

  /** The starter test suite: what renders, a default filled in, a required field refused. */
  static String test(KindSchema schema, Map<String, Object> spec) {
    KindNames names = schema.names();
    Map<String, Object> suite = new LinkedHashMap<>();
    suite.put("resource", resource(null, spec, "example"));
    List<Object> cases = new ArrayList<>();
    cases.add(
        testCase(
            "renders the starter ConfigMap",
            null,
            List.of(
                Map.of("hasDocuments", Map.of("count", 1)),
                Map.of(
                    "containsDocument", Map.of("kind", "ConfigMap", "name", "example-config")))));
    defaulted(schema, spec)
        .ifPresent(
            field -> {
              Map<String, Object> property = properties(schema.spec()).get(field);
              Object value = property.get("default");
              Object expected = value instanceof String ? value : json(value);
              Map<String, Object> equal = new LinkedHashMap<>();
              equal.put("path", "data." + field);
              equal.put("value", expected);
              Map<String, Object> test =
                  testCase(
                      "sees the CRD's default for " + field + ", as the API server stores it",
                      null,
                      List.of(Map.of("equal", equal)));
              test.put("document", Map.of("kind", "ConfigMap"));
              cases.add(test);
            });
    required(schema)
        .ifPresent(
            field -> {
              Map<String, Object> removed = new LinkedHashMap<>();
              removed.put("spec." + field, null);
              cases.add(
                  testCase(
                      "refuses a "
                          + names.kind()
                          + " without "
                          + field
                          + ", as the API server does",
                      removed,
                      List.of(
                          Map.of(
                              "failedTemplate",
                              Map.of("errorContains", "spec." + field + ": Required value")))));
            });
    suite.put("tests", cases);
    return "# Tests of the "
        + names.kind()
        + " templates, written by `create api` for its starter template: run them with\n"
        + "#   java -jar target/webserver-operator.jar test\n"
        + "# and change them with the templates (docs/template-tests.md).\n"
        + yaml(suite);
  }

  /** The sample resource. */
  static String sample(KindSchema schema, Map<String, Object> spec, String file) {
    KindNames names = schema.names();
    return "# A "
        + names.kind()
        + ", written by `create api`: kubectl apply -f "
        + file
        + "\n"
        + yaml(resource(names, spec, names.singular() + "-sample"));
  }

  private static Map<String, Object> resource(
      KindNames names, Map<String, Object> spec, String name) {
    Map<String, Object> resource = new LinkedHashMap<>();
    if (names != null) {
      resource.put("apiVersion", names.apiVersion());
      resource.put("kind", names.kind());
    }
    resource.put("metadata", Map.of("name", name));
    resource.put("spec", spec);
    return resource;
  }

  private static Map<String, Object> testCase(
      String it, Map<String, Object> set, List<Map<String, Object>> asserts) {
    Map<String, Object> test = new LinkedHashMap<>();
    test.put("it", it);
    if (set != null) {
      test.put("set", set);
    }
    test.put("asserts", asserts);
    return test;
  }

  /** A top-level scalar field with a default that the sample leaves out. */
  private static Optional<String> defaulted(KindSchema schema, Map<String, Object> spec) {
    return properties(schema.spec()).entrySet().stream()
        .filter(e -> !spec.containsKey(e.getKey()))
        .filter(e -> CONFIG_MAP_KEY.matcher(e.getKey()).matches())
        .filter(e -> e.getValue().containsKey("default"))
        .filter(e -> !(e.getValue().get("default") instanceof Map<?, ?>))
        .map(Map.Entry::getKey)
        .findFirst();
  }

  /** The first required top-level field without a default, in the schema's order. */
  private static Optional<String> required(KindSchema schema) {
    if (!(schema.spec().get("required") instanceof List<?> required)) {
      return Optional.empty();
    }
    return properties(schema.spec()).entrySet().stream()
        .filter(e -> required.contains(e.getKey()) && !e.getValue().containsKey("default"))
        .map(Map.Entry::getKey)
        .findFirst();
  }

  /** Whether a top-level spec field is always there: required, or defaulted. */
  private static boolean always(Map<String, Object> spec, String name) {
    boolean required = spec.get("required") instanceof List<?> list && list.contains(name);
    return required || properties(spec).get(name).containsKey("default");
  }

  private static String zero(Map<String, Object> property) {
    return switch (String.valueOf(property.get("type"))) {
      case "integer", "number" -> "0";
      case "boolean" -> "false";
      case "array" -> "[]";
      case "object" -> "{}";
      default -> "\"\"";
    };
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> properties(Map<String, Object> schema) {
    Map<String, Map<String, Object>> properties = new LinkedHashMap<>();
    if (schema.get("properties") instanceof Map<?, ?> map) {
      map.forEach((k, v) -> properties.put(k.toString(), (Map<String, Object>) v));
    }
    return properties;
  }

  private static boolean hasKey(String yaml, String key) {
    return Pattern.compile("(?m)^" + key + ":").matcher(yaml).find();
  }

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new OperatorException("Cannot write " + value + " as JSON: " + e, e);
    }
  }

  private static String yaml(Object value) {
    try {
      return YAML.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new OperatorException("Cannot write YAML: " + e, e);
    }
  }
}
