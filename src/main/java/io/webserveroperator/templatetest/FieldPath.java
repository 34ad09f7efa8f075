package io.webserveroperator.templatetest;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Where a field is in an object, written as in a test file: dotted keys with list indexes ({@code
 * spec.template.spec.containers[0].image}), quoted keys for names holding dots or slashes ({@code
 * metadata.labels["app.kubernetes.io/name"]}), or a JSON pointer ({@code /spec/replicas}). Held as
 * the JSON pointer that all three mean.
 *
 * @param text the path as written, for messages
 * @param pointer where it points
 */
record FieldPath(String text, JsonPointer pointer) {

  /** The whole object, for assertions whose path is optional. */
  static final FieldPath WHOLE = new FieldPath("", JsonPointer.empty());

  /**
   * Reads a path.
   *
   * @throws TemplateTestException saying where the path stops making sense
   */
  static FieldPath parse(String text) {
    if (text == null || text.isBlank()) {
      throw new TemplateTestException("A path is empty; write one such as spec.replicas.");
    }
    if (text.startsWith("/")) {
      try {
        return new FieldPath(text, JsonPointer.compile(text));
      } catch (IllegalArgumentException e) {
        throw new TemplateTestException(
            "The JSON pointer " + text + " is invalid: " + e.getMessage());
      }
    }
    return new FieldPath(text, new Parser(text).pointer());
  }

  /** The value there, or a missing node when the path leads nowhere. */
  JsonNode in(JsonNode object) {
    return object.at(pointer);
  }

  /**
   * Sets the value there, creating the maps on the way; a null value removes the field.
   *
   * @throws TemplateTestException when the way passes a value that is not a map, or an index beyond
   *     a list's end
   */
  void set(ObjectNode object, JsonNode value) {
    if (pointer.matches()) {
      throw new TemplateTestException("Cannot set " + text + ": it names the whole resource.");
    }
    JsonNode parent = object;
    JsonPointer rest = pointer;
    while (!rest.tail().matches()) {
      JsonNode next;
      if (parent instanceof ArrayNode list) {
        next = list.get(rest.getMatchingIndex());
      } else {
        next = parent.get(rest.getMatchingProperty());
        if (next == null || next.isNull()) {
          next = ((ObjectNode) parent).putObject(rest.getMatchingProperty());
        }
      }
      if (next == null || !next.isContainerNode()) {
        throw new TemplateTestException(
            "Cannot set " + text + ": " + rest.getMatchingProperty() + " is not a map or list.");
      }
      parent = next;
      rest = rest.tail();
    }
    if (parent instanceof ObjectNode map) {
      if (value == null || value.isNull()) {
        map.remove(rest.getMatchingProperty());
      } else {
        map.set(rest.getMatchingProperty(), value);
      }
    } else {
      ArrayNode list = (ArrayNode) parent;
      int index = rest.getMatchingIndex();
      if (index < 0 || index >= list.size()) {
        throw new TemplateTestException(
            "Cannot set " + text + ": the list has " + list.size() + " items.");
      }
      list.set(index, value);
    }
  }

  @Override
  public String toString() {
    return text;
  }

  /** Reads dotted keys, {@code [index]} and {@code ["quoted key"]} into a pointer. */
  private static final class Parser {

    private final String text;
    private int at;
    private JsonPointer pointer = JsonPointer.empty();

    Parser(String text) {
      this.text = text;
    }

    JsonPointer pointer() {
      key();
      while (at < text.length()) {
        char next = text.charAt(at);
        if (next == '.') {
          at++;
          key();
        } else if (next == '[') {
          bracket();
        } else {
          throw problem("expected '.' or '['");
        }
      }
      return pointer;
    }

    private void key() {
      int start = at;
      while (at < text.length() && ".[]\"'".indexOf(text.charAt(at)) < 0) {
        at++;
      }
      if (at == start) {
        if (at < text.length() && text.charAt(at) == '[') {
          bracket();
          return;
        }
        throw problem("expected a key");
      }
      pointer = pointer.appendProperty(text.substring(start, at));
    }

    private void bracket() {
      at++; // '['
      if (at < text.length() && (text.charAt(at) == '"' || text.charAt(at) == '\'')) {
        char quote = text.charAt(at);
        int end = text.indexOf(quote, at + 1);
        if (end < 0) {
          throw problem("the quoted key is not closed");
        }
        pointer = pointer.appendProperty(text.substring(at + 1, end));
        at = end + 1;
      } else {
        int start = at;
        while (at < text.length() && Character.isDigit(text.charAt(at))) {
          at++;
        }
        if (at == start) {
          throw problem("expected a list index or a quoted key");
        }
        pointer = pointer.appendIndex(Integer.parseInt(text.substring(start, at)));
      }
      if (at >= text.length() || text.charAt(at) != ']') {
        throw problem("expected ']'");
      }
      at++;
    }

    private TemplateTestException problem(String what) {
      return new TemplateTestException(
          "The path "
              + text
              + " is invalid at character "
              + (at + 1)
              + ": "
              + what
              + ". Write keys with dots and list indexes in brackets (spec.containers[0].image),"
              + " a key with dots or slashes in quotes (metadata.labels[\"app.kubernetes.io/name\"]),"
              + " or a JSON pointer (/spec/replicas).");
    }
  }
}
