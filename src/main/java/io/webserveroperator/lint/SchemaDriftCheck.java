package io.webserveroperator.lint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import io.webserveroperator.kind.CrdGenerator;
import io.webserveroperator.kind.KindSchema;
import io.webserveroperator.kind.SchemaProblem;
import io.webserveroperator.kind.SimpleSchema;
import io.webserveroperator.kind.SimpleSchemaException;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.template.watches.YamlLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * A kind with a simple schema ({@code <kind folder>/schema.yaml}, from {@code create api}) has the
 * CRD that schema generates: the schema reads without a problem, names the kind watches.yaml
 * watches, and its CRD in crds/ is exactly what {@link CrdGenerator} makes of it, so that an edit
 * of the schema is never forgotten in the CRD, nor a hand edit of the CRD lost to the next
 * regeneration. A kind without a schema file keeps its hand-written CRD and is not checked.
 */
final class SchemaDriftCheck {

  static final String SCHEMA = "schema.yaml";

  private static final YAMLMapper YAML = new YAMLMapper();

  private SchemaDriftCheck() {}

  static List<Finding> check(Path templates, Path crds, TemplatedKind watch) {
    Path schemaFile = templates.resolve(watch.templates()).resolve(SCHEMA);
    List<Finding> findings = new ArrayList<>();
    if (!Files.isRegularFile(schemaFile)) {
      return findings;
    }
    String file = schemaFile.toString();
    KindSchema schema;
    String text = read(schemaFile);
    try {
      schema = SimpleSchema.read(file, text, null);
    } catch (SimpleSchemaException e) {
      for (SchemaProblem problem : e.problems()) {
        findings.add(Finding.error(file, problem.line(), problem.message()));
      }
      return findings;
    }
    YamlLines lines = YamlLines.of(text);
    String regenerate =
        "java -jar target/webserver-operator.jar create api --group "
            + schema.names().group()
            + " --version "
            + schema.names().version()
            + " --kind "
            + schema.names().kind();
    compareName(findings, file, lines, "group", schema.names().group(), watch.group());
    compareName(findings, file, lines, "apiVersion", schema.names().version(), watch.version());
    compareName(findings, file, lines, "kind", schema.names().kind(), watch.kind());
    if (!findings.isEmpty()) {
      return findings;
    }
    Path crdFile = crds.resolve(schema.names().crdFile());
    if (!Files.isRegularFile(crdFile)) {
      findings.add(
          Finding.error(
              file,
              0,
              crdFile + ", the CRD of this schema, is missing; generate it: " + regenerate));
      return findings;
    }
    String crdText = read(crdFile);
    JsonNode expected = tree(CrdGenerator.yaml(schema, file));
    JsonNode actual = tree(crdText);
    firstDifference(expected, actual, "")
        .ifPresent(
            pointer ->
                findings.add(
                    Finding.error(
                        crdFile.toString(),
                        YamlLines.of(crdText).line("/0" + pointer),
                        "the CRD differs from what "
                            + file
                            + " generates (at "
                            + (pointer.isEmpty() ? "/" : pointer)
                            + "); edit the schema, not the CRD, then regenerate it: "
                            + regenerate)));
    return findings;
  }

  private static void compareName(
      List<Finding> findings,
      String file,
      YamlLines lines,
      String key,
      String inSchema,
      String inWatches) {
    if (!inSchema.equals(inWatches)) {
      findings.add(
          Finding.error(
              file,
              lines.line("/0/" + key),
              key
                  + " is "
                  + inSchema
                  + " here but watches.yaml says "
                  + inWatches
                  + " for the kind whose templates are here"));
    }
  }

  /** The JSON pointer of the first place the two trees differ, in {@code expected}'s order. */
  private static Optional<String> firstDifference(JsonNode expected, JsonNode actual, String at) {
    if (expected.equals(actual)) {
      return Optional.empty();
    }
    if (expected.isObject() && actual.isObject()) {
      for (Iterator<String> it = expected.fieldNames(); it.hasNext(); ) {
        String key = it.next();
        Optional<String> inner =
            firstDifference(
                expected.get(key),
                actual.path(key),
                at + "/" + key.replace("~", "~0").replace("/", "~1"));
        if (inner.isPresent()) {
          return inner;
        }
      }
      for (Iterator<String> it = actual.fieldNames(); it.hasNext(); ) {
        String key = it.next();
        if (!expected.has(key)) {
          return Optional.of(at + "/" + key.replace("~", "~0").replace("/", "~1"));
        }
      }
    }
    if (expected.isArray() && actual.isArray() && expected.size() == actual.size()) {
      for (int i = 0; i < expected.size(); i++) {
        Optional<String> inner = firstDifference(expected.get(i), actual.get(i), at + "/" + i);
        if (inner.isPresent()) {
          return inner;
        }
      }
    }
    return Optional.of(at);
  }

  private static JsonNode tree(String yaml) {
    try {
      JsonNode node = YAML.readTree(yaml);
      return node == null ? YAML.createObjectNode() : node;
    } catch (JsonProcessingException e) {
      return YAML.createObjectNode();
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new OperatorException("Cannot read " + file + ": " + e, e);
    }
  }
}
