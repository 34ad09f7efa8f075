package io.webserveroperator.kind;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.kind.FieldReader.Place;
import io.webserveroperator.kind.FieldReader.Where;
import io.webserveroperator.status.EngineStatusFields;
import io.webserveroperator.template.watches.YamlLines;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a kind's {@code schema.yaml}: kro's SimpleSchema block ({@code apiVersion}, {@code kind},
 * {@code group}, {@code shortNames}, {@code categories}, {@code scope}, {@code spec}, {@code
 * types}, {@code status}), with {@code plural}, {@code description} and {@code validations} (CEL
 * rules on spec) besides. {@code status} lists typed fields, whose values the kind's status
 * template renders. Every problem is reported at its line, all at once; see docs/simple-schema.md.
 */
public final class SimpleSchema {

  private static final YAMLMapper YAML =
      YAMLMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();

  private static final List<String> KEYS =
      List.of(
          "apiVersion",
          "kind",
          "group",
          "plural",
          "shortNames",
          "categories",
          "description",
          "scope",
          "spec",
          "types",
          "status",
          "validations");

  private static final List<String> RULE_KEYS =
      List.of("rule", "message", "messageExpression", "reason", "fieldPath", "optionalOldSelf");

  /**
   * Names asked for besides the file, by {@code create api}'s flags: each one the file leaves out
   * is taken from here, and each one it gives must agree. Null fields ask for nothing.
   *
   * @param group {@code --group}
   * @param version {@code --version}
   * @param kind {@code --kind}
   * @param plural {@code --plural}
   * @param shortNames {@code --short-name}s
   */
  public record Requested(
      String group, String version, String kind, String plural, List<String> shortNames) {}

  private final String file;
  private final YamlLines lines;
  private final List<SchemaProblem> problems = new ArrayList<>();

  private SimpleSchema(String file, String text) {
    this.file = file;
    this.lines = YamlLines.of(text);
  }

  /**
   * Reads a schema file's text.
   *
   * @param file the file's name, for messages
   * @param requested names from the command line, or null
   * @throws SimpleSchemaException with every problem found, each at its line
   */
  public static KindSchema read(String file, String text, Requested requested) {
    return new SimpleSchema(file, text).read(text, requested);
  }

  private KindSchema read(String text, Requested requested) {
    JsonNode root;
    try {
      root = YAML.readTree(text);
    } catch (JsonProcessingException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw new SimpleSchemaException(
          file, List.of(new SchemaProblem(line, yamlProblem(e, text, line))));
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      root = YAML.createObjectNode();
    }
    if (!root.isObject()) {
      throw new SimpleSchemaException(
          file, List.of(new SchemaProblem(1, "a schema is a map: apiVersion, kind, spec, ...")));
    }
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!KEYS.contains(key)) {
        problem(
            "/" + key,
            switch (key) {
              case "additionalPrinterColumns" ->
                  "additionalPrinterColumns: mark the fields to show with column=NAME instead;"
                      + " Ready, Reason, Revision and Age are always there";
              case "metadata" -> "metadata: labels and annotations of the CRD are not supported";
              default -> "unknown key '" + key + "'; a schema has " + String.join(", ", KEYS);
            });
      }
    }
    Optional<KindNames> names = names(root, requested);
    String description = text(root, "description");
    if (root.has("scope") && !"Namespaced".equals(root.path("scope").asText())) {
      problem(
          "/scope",
          "scope: only Namespaced kinds are supported: the operator puts a resource's objects in"
              + " its namespace");
    }
    Map<String, JsonNode> types = new LinkedHashMap<>();
    JsonNode typesNode = root.path("types");
    if (!typesNode.isMissingNode() && !typesNode.isObject()) {
      problem("/types", "types: a map from type name to its fields");
    } else {
      typesNode.fields().forEachRemaining(e -> types.put(e.getKey(), e.getValue()));
    }
    FieldReader reader = new FieldReader(lines, problems, types);
    reader.resolveTypes();
    Map<String, Object> spec = section(root, "spec", reader, Place.SPEC);
    validations(root.path("validations"), spec);
    Map<String, Object> status = section(root, "status", reader, Place.STATUS);
    JsonNode statusFields = root.path("status");
    for (String engine : EngineStatusFields.names()) {
      if (statusFields.has(engine)) {
        problem(
            "/status/" + engine,
            "status."
                + engine
                + " is written by the operator itself (with conditions, observedGeneration,"
                + " inventory, templateRevision and lastHandledReconcileAt); choose another name");
      }
    }
    Optional<ScaleSubresource> scale = reader.markers().scale();
    if (!problems.isEmpty() || names.isEmpty()) {
      throw new SimpleSchemaException(file, problems);
    }
    return new KindSchema(
        names.get(),
        description,
        spec,
        status,
        reader.markers().columns(),
        scale,
        reader.markers().examples());
  }

  private Map<String, Object> section(JsonNode root, String key, FieldReader reader, Place place) {
    JsonNode node = root.path(key);
    if (node.isMissingNode() || node.isNull()) {
      node = YAML.createObjectNode();
    } else if (!node.isObject()) {
      problem("/" + key, key + ": a map of fields, such as replicas: integer | default=1");
      node = YAML.createObjectNode();
    }
    return reader.object(node, new Where(place, "/" + key, key, "." + key), place == Place.SPEC);
  }

  private void validations(JsonNode rules, Map<String, Object> spec) {
    if (rules.isMissingNode() || rules.isNull()) {
      return;
    }
    if (!rules.isArray()) {
      problem("/validations", "validations: a list of CEL rules on spec, each {rule, message}");
      return;
    }
    List<Object> list = new ArrayList<>();
    for (int i = 0; i < rules.size(); i++) {
      JsonNode rule = rules.get(i);
      String pointer = "/validations/" + i;
      if (!rule.isObject()
          || !rule.path("rule").isTextual()
          || rule.path("rule").asText().isBlank()) {
        problem(pointer, "validations: each entry needs a rule, a CEL expression over self (spec)");
        continue;
      }
      rule.fieldNames()
          .forEachRemaining(
              k -> {
                if (!RULE_KEYS.contains(k)) {
                  problem(
                      pointer + "/" + k,
                      "validations: unknown key '"
                          + k
                          + "'; a rule has "
                          + String.join(", ", RULE_KEYS));
                }
              });
      list.add(YAML.convertValue(rule, Map.class));
    }
    if (!list.isEmpty()) {
      spec.put("x-kubernetes-validations", list);
    }
  }

  private Optional<KindNames> names(JsonNode root, Requested requested) {
    Requested asked = requested == null ? new Requested(null, null, null, null, null) : requested;
    String version = name(root, "apiVersion", asked.version(), "--version");
    if (version != null && version.contains("/")) {
      problem(
          "/apiVersion",
          "apiVersion is the version alone, as in kro (v1); the group goes under group:");
      version = null;
    }
    String kind = name(root, "kind", asked.kind(), "--kind");
    String group = name(root, "group", asked.group(), "--group");
    String plural = name(root, "plural", asked.plural(), "--plural");
    List<String> shortNames = list(root, "shortNames");
    if (shortNames == null) {
      shortNames = asked.shortNames() == null ? List.of() : asked.shortNames();
    } else if (asked.shortNames() != null && !asked.shortNames().equals(shortNames)) {
      problem(
          "/shortNames",
          "shortNames are "
              + shortNames
              + " here but "
              + asked.shortNames()
              + " on the command line (--short-name); edit them here");
    }
    List<String> categories = list(root, "categories");
    boolean valid = true;
    for (String[] check :
        new String[][] {
          {"/apiVersion", version == null ? null : KindNames.versionProblem(version).orElse(null)},
          {"/kind", kind == null ? null : KindNames.kindProblem(kind).orElse(null)},
          {"/group", group == null ? null : KindNames.groupProblem(group).orElse(null)}
        }) {
      if (check[1] != null) {
        problem(check[0], check[0].substring(1) + ": " + check[1]);
        valid = false;
      }
    }
    if (version == null || kind == null || group == null || !valid) {
      return Optional.empty();
    }
    if (plural == null) {
      plural = KindNames.pluralOf(kind);
    }
    List<String> labels = new ArrayList<>(shortNames);
    labels.add(0, plural);
    for (int i = 0; i < labels.size(); i++) {
      Optional<String> problem =
          KindNames.labelProblem(labels.get(i), i == 0 ? "plural" : "short name");
      if (problem.isPresent()) {
        problem(i == 0 ? "/plural" : "/shortNames/" + (i - 1), problem.get());
        valid = false;
      }
    }
    return valid
        ? Optional.of(
            new KindNames(
                group,
                version,
                kind,
                plural,
                shortNames,
                categories == null ? List.of() : categories))
        : Optional.empty();
  }

  /** A name from the file, else the one asked for; both given and different is a problem. */
  private String name(JsonNode root, String key, String asked, String flag) {
    String here = text(root, key);
    if (here == null) {
      if (asked == null && !key.equals("plural")) {
        problem("/" + key, "the schema names no " + key + "; add " + key + ": ...");
      }
      return asked;
    }
    if (asked != null && !asked.equals(here)) {
      problem(
          "/" + key,
          key
              + " is '"
              + here
              + "' here but '"
              + asked
              + "' on the command line ("
              + flag
              + "); they must agree");
    }
    return here;
  }

  private String text(JsonNode root, String key) {
    JsonNode node = root.path(key);
    if (node.isMissingNode() || node.isNull()) {
      return null;
    }
    if (!node.isTextual()) {
      problem("/" + key, key + ": a string, not " + node);
      return null;
    }
    return node.asText();
  }

  private List<String> list(JsonNode root, String key) {
    JsonNode node = root.path(key);
    if (node.isMissingNode() || node.isNull()) {
      return null;
    }
    List<String> values = new ArrayList<>();
    if (!node.isArray()) {
      problem("/" + key, key + ": a list of names, such as [pg]");
      return values;
    }
    node.forEach(item -> values.add(item.asText()));
    return values;
  }

  private void problem(String pointer, String message) {
    problems.add(new SchemaProblem(lines.line("/0" + pointer), message));
  }

  /** YAML's complaint, with the one fix most schemas need: quoting a type that starts with [. */
  private static String yamlProblem(JsonProcessingException e, String text, int line) {
    String[] all = text.split("\n", -1);
    String source = line > 0 && line <= all.length ? all[line - 1] : "";
    String hint =
        source.matches("\\s*[^:#]+:\\s*\\[\\].*")
            ? "; quote a type that starts with [ as YAML needs: tags: \"[]string\""
            : "";
    return "not valid YAML: " + e.getOriginalMessage() + hint;
  }
}
