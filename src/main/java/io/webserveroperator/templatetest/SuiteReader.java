package io.webserveroperator.templatetest;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.manifest.YamlErrors;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads one test file into a {@link TestSuite}. A case's resource is its own {@code resource}, else
 * the file's, inline or as a path relative to the test file; {@code set} then changes fields of a
 * copy. A resource that names no apiVersion, kind or namespace gets the tested kind's and {@code
 * default}, as {@code render} would. The objects the templates' lookups find ({@code lookups}) and
 * the resource's live children ({@code children}) are the case's own, else the file's: a list of
 * objects, inline or as a path to a YAML file of them.
 */
final class SuiteReader {

  private static final YAMLMapper YAML = new YAMLMapper();
  private static final Set<String> FILE_KEYS = Set.of("resource", "lookups", "children", "tests");
  private static final Set<String> CASE_KEYS =
      Set.of("it", "resource", "set", "lookups", "children", "document", "asserts");

  private SuiteReader() {}

  /**
   * Reads {@code file}, which tests {@code watch}.
   *
   * @param name the file's name in results
   * @throws TemplateTestException naming the file, the case and what is wrong
   */
  static TestSuite read(Path file, String name, TemplatedKind watch) {
    JsonNode root = readOne(file);
    requireOnly(root, FILE_KEYS, name);
    JsonNode tests = root.get("tests");
    if (tests == null || !tests.isArray() || tests.isEmpty()) {
      throw new TemplateTestException(name + " has no 'tests' list; see docs/template-tests.md.");
    }
    JsonNode fileResource = root.get("resource");
    List<TestCase> cases = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < tests.size(); i++) {
      JsonNode test = tests.get(i);
      String at = name + ": tests[" + i + "]";
      requireOnly(test, CASE_KEYS, at);
      if (!test.hasNonNull("it") || test.get("it").asText().isBlank()) {
        throw new TemplateTestException(at + " has no 'it' saying what it checks.");
      }
      String caseName = test.get("it").asText();
      String where = name + ": case \"" + caseName + "\"";
      if (!names.add(caseName)) {
        throw new TemplateTestException(where + " is there twice; give each case its own 'it'.");
      }
      JsonNode resourceNode = test.has("resource") ? test.get("resource") : fileResource;
      if (resourceNode == null) {
        throw new TemplateTestException(
            where + " has no 'resource', and the file has none for all its cases.");
      }
      ObjectNode resource = resource(resourceNode, file, where + ": 'resource'");
      applySets(resource, test.get("set"), where);
      defaults(resource, watch, where);
      DocumentSelector document =
          test.has("document")
              ? AssertionReader.selector(test.get("document"), where + " document")
              : DocumentSelector.ANY;
      cases.add(
          new TestCase(
              caseName,
              YAML.convertValue(resource, new TypeReference<Map<String, Object>>() {}),
              objects(test.has("lookups") ? test.get("lookups") : root.get("lookups"), file, where),
              objects(
                  test.has("children") ? test.get("children") : root.get("children"), file, where),
              AssertionReader.read(test.get("asserts"), document, caseName, where, file)));
    }
    return new TestSuite(file, name, watch, cases);
  }

  /**
   * Objects written inline as a list, or read from the YAML file (one or more documents) a path
   * names relative to the test file; none when {@code node} is null.
   */
  private static List<Map<String, Object>> objects(JsonNode node, Path testFile, String where) {
    if (node == null) {
      return List.of();
    }
    List<JsonNode> items = new ArrayList<>();
    if (node.isArray()) {
      node.forEach(items::add);
    } else if (node.isTextual()) {
      items.addAll(readAll(testFile.resolveSibling(node.asText())));
    } else {
      throw new TemplateTestException(
          where
              + ": lookups and children must each be a list of objects, or a path to a YAML"
              + " file of them.");
    }
    List<Map<String, Object>> objects = new ArrayList<>();
    for (JsonNode item : items) {
      if (!item.isObject() || !item.hasNonNull("apiVersion") || !item.hasNonNull("kind")) {
        throw new TemplateTestException(
            where + ": each object of lookups and children needs apiVersion, kind and metadata.");
      }
      objects.add(YAML.convertValue(item, new TypeReference<Map<String, Object>>() {}));
    }
    return List.copyOf(objects);
  }

  /** A map written inline, or read from the YAML file a path names relative to the test file. */
  static ObjectNode resource(JsonNode node, Path testFile, String where) {
    if (node.isObject()) {
      return node.deepCopy();
    }
    if (node.isTextual()) {
      JsonNode read = readOne(testFile.resolveSibling(node.asText()));
      if (read.isObject()) {
        return (ObjectNode) read;
      }
    }
    throw new TemplateTestException(where + " must be a map or a path to a YAML file holding one.");
  }

  private static void applySets(ObjectNode resource, JsonNode sets, String where) {
    if (sets == null) {
      return;
    }
    if (!sets.isObject()) {
      throw new TemplateTestException(where + ": 'set' must be a map of path: value.");
    }
    for (Iterator<Map.Entry<String, JsonNode>> each = sets.fields(); each.hasNext(); ) {
      Map.Entry<String, JsonNode> set = each.next();
      try {
        FieldPath.parse(set.getKey()).set(resource, set.getValue());
      } catch (TemplateTestException e) {
        throw new TemplateTestException(where + ": set: " + e.getMessage(), e);
      }
    }
  }

  private static void defaults(ObjectNode resource, TemplatedKind watch, String where) {
    if (!resource.hasNonNull("apiVersion")) {
      resource.put("apiVersion", watch.apiVersion());
    }
    if (!resource.hasNonNull("kind")) {
      resource.put("kind", watch.kind());
    }
    String apiVersion = resource.get("apiVersion").asText();
    String kind = resource.get("kind").asText();
    if (!apiVersion.equals(watch.apiVersion()) || !kind.equals(watch.kind())) {
      throw new TemplateTestException(
          where
              + ": the resource is a "
              + apiVersion
              + " "
              + kind
              + ", but the tests in this folder render "
              + watch.apiVersion()
              + " "
              + watch.kind()
              + ". Move the file to that kind's tests/ folder.");
    }
    JsonNode metadata = resource.get("metadata");
    ObjectNode meta = metadata instanceof ObjectNode map ? map : resource.putObject("metadata");
    if (!meta.hasNonNull("namespace")) {
      meta.put("namespace", "default");
    }
  }

  /** The one YAML document of a file. */
  private static JsonNode readOne(Path file) {
    List<JsonNode> all = readAll(file);
    if (all.size() != 1) {
      throw new TemplateTestException(
          file + " holds " + all.size() + " YAML documents; it must hold one.");
    }
    return all.get(0);
  }

  /** Every YAML document of a file that is not empty. */
  private static List<JsonNode> readAll(Path file) {
    try (MappingIterator<JsonNode> documents =
        YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
      List<JsonNode> all = new ArrayList<>();
      while (documents.hasNextValue()) {
        JsonNode document = documents.nextValue();
        if (document != null && !document.isNull() && !document.isMissingNode()) {
          all.add(document);
        }
      }
      return all;
    } catch (IOException e) {
      throw new TemplateTestException(YamlErrors.describe(file.toString(), e) + ".", e);
    }
  }

  private static void requireOnly(JsonNode node, Set<String> allowed, String where) {
    if (node == null || !node.isObject()) {
      throw new TemplateTestException(where + " must be a map.");
    }
    for (Iterator<String> keys = node.fieldNames(); keys.hasNext(); ) {
      String key = keys.next();
      if (!allowed.contains(key)) {
        throw new TemplateTestException(
            where + ": unknown key '" + key + "'; it takes " + new TreeSet<>(allowed) + ".");
      }
    }
  }
}
