package io.webserveroperator.templatetest;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.webserveroperator.template.ReadinessVerdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads the {@code asserts} of one case: each item one assertion type with its arguments, plus an
 * optional {@code document: {kind, name, apiVersion}} choosing the object. Strict: an unknown type
 * or argument is an error naming the known ones, since a misspelt one would otherwise never fail.
 */
final class AssertionReader {

  /**
   * One item's arguments and where it is, for messages.
   *
   * @param node the arguments
   * @param document the chosen objects: the item's, else the case's
   * @param where {@code file: case "name": asserts[2] equal}
   * @param snapshotName the name a snapshot taken here has: the case's, numbered from the second
   *     snapshot of a case on
   * @param testFile the test file, which names other files relative to itself
   */
  private record Arguments(
      JsonNode node, DocumentSelector document, String where, String snapshotName, Path testFile) {

    FieldTarget field() {
      return new FieldTarget(document, FieldPath.parse(text("path")));
    }

    FieldTarget optionalField() {
      return node.hasNonNull("path") ? field() : new FieldTarget(document, FieldPath.WHOLE);
    }

    JsonNode value(String key) {
      if (!node.has(key)) {
        throw new TemplateTestException(where + " needs '" + key + "'.");
      }
      return node.get(key);
    }

    String text(String key) {
      JsonNode value = value(key);
      if (!value.isValueNode() || value.isNull()) {
        throw new TemplateTestException(where + ": '" + key + "' must be a text.");
      }
      return value.asText();
    }

    int count() {
      JsonNode value = value("count");
      if (!value.canConvertToExactIntegral() || value.asInt() < 0) {
        throw new TemplateTestException(where + ": 'count' must be a whole number, 0 or more.");
      }
      return value.asInt();
    }

    Pattern pattern() {
      try {
        return Pattern.compile(text("pattern"));
      } catch (PatternSyntaxException e) {
        throw new TemplateTestException(
            where + ": 'pattern' is no regular expression: " + e.getDescription());
      }
    }

    DocumentSelector selector() {
      return AssertionReader.selector(node, where);
    }

    /** {@code readiness}: a live object (inline or a file), a state, a message part. */
    /** {@code order}: a wave, a hook, or both. */
    Assertion order() {
      if (!node.has("wave") && !node.has("hook")) {
        throw new TemplateTestException(where + ": 'order' needs 'wave', 'hook' or both.");
      }
      Optional<Integer> wave = Optional.empty();
      if (node.has("wave")) {
        if (!node.get("wave").canConvertToInt()) {
          throw new TemplateTestException(where + ": 'wave' is an integer.");
        }
        wave = Optional.of(node.get("wave").asInt());
      }
      Optional<String> hook = node.has("hook") ? Optional.of(text("hook")) : Optional.empty();
      return new OrderIs(document, wave, hook);
    }

    Assertion readiness() {
      String state = text("is");
      ReadinessVerdict.State expected =
          ReadinessIs.state(state)
              .orElseThrow(
                  () ->
                      new TemplateTestException(
                          where
                              + ": 'is' must be one of "
                              + ReadinessIs.STATES
                              + ", not "
                              + state
                              + "."));
      Optional<Map<String, Object>> object = Optional.empty();
      if (node.hasNonNull("object")) {
        JsonNode live = SuiteReader.resource(node.get("object"), testFile, where + ": 'object'");
        for (String field : List.of("apiVersion", "kind")) {
          if (!live.path(field).isTextual()) {
            throw new TemplateTestException(
                where + ": 'object' needs its " + field + ", which picks the readiness rule.");
          }
        }
        object = Optional.of(JSON.convertValue(live, new TypeReference<Map<String, Object>>() {}));
      }
      Optional<String> message =
          node.hasNonNull("messageContains")
              ? Optional.of(text("messageContains"))
              : Optional.empty();
      return new ReadinessIs(object, document, expected, message);
    }
  }

  /**
   * One assertion type.
   *
   * @param arguments the arguments it takes
   * @param build makes the assertion from them
   */
  private record Type(Set<String> arguments, Function<Arguments, Assertion> build) {}

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> SELECTOR = Set.of("kind", "name", "apiVersion");
  private static final Map<String, Type> TYPES = types();

  private AssertionReader() {}

  private static Map<String, Type> types() {
    Map<String, Type> types = new LinkedHashMap<>();
    types.put(
        "hasDocuments", new Type(Set.of("count"), a -> new HasDocuments(a.document(), a.count())));
    types.put(
        "containsDocument", new Type(SELECTOR, a -> new ContainsDocument(a.selector(), true)));
    types.put(
        "notContainsDocument", new Type(SELECTOR, a -> new ContainsDocument(a.selector(), false)));
    types.put(
        "equal",
        new Type(Set.of("path", "value"), a -> new FieldEquals(a.field(), a.value("value"), true)));
    types.put(
        "notEqual",
        new Type(
            Set.of("path", "value"), a -> new FieldEquals(a.field(), a.value("value"), false)));
    types.put(
        "matchRegex",
        new Type(Set.of("path", "pattern"), a -> new FieldMatches(a.field(), a.pattern(), true)));
    types.put(
        "notMatchRegex",
        new Type(Set.of("path", "pattern"), a -> new FieldMatches(a.field(), a.pattern(), false)));
    types.put("exists", new Type(Set.of("path"), a -> new FieldExists(a.field(), true)));
    types.put("notExists", new Type(Set.of("path"), a -> new FieldExists(a.field(), false)));
    types.put(
        "contains",
        new Type(
            Set.of("path", "content"), a -> new ListContains(a.field(), a.value("content"), true)));
    types.put(
        "notContains",
        new Type(
            Set.of("path", "content"),
            a -> new ListContains(a.field(), a.value("content"), false)));
    types.put(
        "lengthEqual",
        new Type(Set.of("path", "count"), a -> new LengthEquals(a.field(), a.count())));
    types.put(
        "isSubset",
        new Type(
            Set.of("path", "content"), a -> new IsSubset(a.optionalField(), a.value("content"))));
    types.put(
        "failedTemplate",
        new Type(Set.of("errorContains"), a -> new FailedTemplate(a.text("errorContains"))));
    types.put(
        "readiness", new Type(Set.of("object", "is", "messageContains"), Arguments::readiness));
    types.put("order", new Type(Set.of("wave", "hook"), Arguments::order));
    types.put(
        "matchSnapshot",
        new Type(Set.of(), a -> new MatchSnapshot(a.document(), a.snapshotName())));
    return Map.copyOf(types);
  }

  /** The assertion type names, for documentation and messages. */
  static Set<String> typeNames() {
    return new TreeSet<>(TYPES.keySet());
  }

  /**
   * Reads a case's {@code asserts}.
   *
   * @param items the list
   * @param caseDocument the case's {@code document}, or {@link DocumentSelector#ANY}
   * @param caseName names its snapshots
   * @param where {@code file: case "name"}, for messages
   * @param testFile the test file, which names other files relative to itself
   * @throws TemplateTestException naming the item and what is wrong
   */
  static List<Assertion> read(
      JsonNode items, DocumentSelector caseDocument, String caseName, String where, Path testFile) {
    if (items == null || !items.isArray() || items.isEmpty()) {
      throw new TemplateTestException(where + " has no 'asserts' list; a case needs at least one.");
    }
    List<Assertion> assertions = new ArrayList<>();
    int snapshots = 0;
    for (int i = 0; i < items.size(); i++) {
      JsonNode item = items.get(i);
      String at = where + ": asserts[" + i + "]";
      Set<String> keys = keys(item, at);
      keys.remove("document");
      if (keys.size() != 1) {
        throw new TemplateTestException(
            at
                + " must hold one assertion type (and optionally 'document'), not "
                + keys
                + ". Types: "
                + typeNames()
                + ".");
      }
      String name = keys.iterator().next();
      Type type = TYPES.get(name);
      if (type == null) {
        throw new TemplateTestException(
            at + ": unknown assertion type '" + name + "'. Types: " + typeNames() + ".");
      }
      DocumentSelector document =
          item.has("document") ? selector(item.get("document"), at + " document") : caseDocument;
      JsonNode node =
          item.get(name).isNull() ? JsonNodeFactory.instance.objectNode() : item.get(name);
      Set<String> unknown = keys(node, at + " " + name);
      unknown.removeAll(type.arguments());
      if (!unknown.isEmpty()) {
        throw new TemplateTestException(
            at
                + ": "
                + name
                + " takes "
                + new TreeSet<>(type.arguments())
                + ", not "
                + unknown
                + ".");
      }
      if (name.equals("matchSnapshot")) {
        snapshots++;
      }
      String snapshotName = snapshots <= 1 ? caseName : caseName + " (" + snapshots + ")";
      assertions.add(
          type.build()
              .apply(new Arguments(node, document, at + " " + name, snapshotName, testFile)));
    }
    return List.copyOf(assertions);
  }

  /** A {@code {kind, name, apiVersion}} map. */
  static DocumentSelector selector(JsonNode node, String where) {
    Set<String> unknown = keys(node, where);
    unknown.removeAll(SELECTOR);
    if (!unknown.isEmpty()) {
      throw new TemplateTestException(
          where + " takes " + new TreeSet<>(SELECTOR) + ", not " + unknown + ".");
    }
    return new DocumentSelector(
        node.hasNonNull("kind") ? node.get("kind").asText() : null,
        node.hasNonNull("name") ? node.get("name").asText() : null,
        node.hasNonNull("apiVersion") ? node.get("apiVersion").asText() : null);
  }

  private static Set<String> keys(JsonNode node, String where) {
    if (node == null || !node.isObject()) {
      throw new TemplateTestException(where + " must be a map.");
    }
    Set<String> keys = new TreeSet<>();
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      keys.add(names.next());
    }
    return keys;
  }
}
