package io.webserveroperator.manifest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An RFC 6901 JSON pointer into an object given as plain maps and lists: {@code /spec/replicas},
 * {@code /metadata/annotations/example.com~1x} ({@code ~1} is {@code /}, {@code ~0} is {@code ~}).
 *
 * @param text the pointer as written
 * @param segments its reference tokens, unescaped
 */
public record JsonPointer(String text, List<String> segments) {

  public JsonPointer {
    segments = List.copyOf(segments);
  }

  /**
   * Parses a pointer.
   *
   * @throws IllegalArgumentException when it is not RFC 6901 or points at the whole object
   */
  public static JsonPointer parse(String text) {
    if (text == null || !text.startsWith("/") || text.length() < 2) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a JSON pointer to a field (RFC 6901: /spec/replicas)");
    }
    List<String> segments = new ArrayList<>();
    for (String token : text.substring(1).split("/", -1)) {
      if (token.replace("~0", "").replace("~1", "").contains("~")) {
        throw new IllegalArgumentException(
            "'" + text + "' is not a JSON pointer: '~' must be written ~0, and '/' ~1 (RFC 6901)");
      }
      segments.add(token.replace("~1", "/").replace("~0", "~"));
    }
    return new JsonPointer(text, segments);
  }

  /** The pointer to the field {@code segments} name, escaped as RFC 6901 requires. */
  public static JsonPointer of(String... segments) {
    StringBuilder text = new StringBuilder();
    for (String segment : segments) {
      text.append('/').append(segment.replace("~", "~0").replace("/", "~1"));
    }
    return new JsonPointer(text.toString(), List.of(segments));
  }

  /** The value it points at, if there is one. */
  public Optional<Object> get(Object root) {
    Object node = root;
    for (String segment : segments) {
      node = child(node, segment);
      if (node == null) {
        return Optional.empty();
      }
    }
    return Optional.of(node);
  }

  /**
   * Sets the value it points at, in maps that exist already; a missing parent is created as a map.
   * Mutates {@code root}.
   */
  public void set(Map<String, Object> root, Object value) {
    Object node = root;
    for (int i = 0; i < segments.size() - 1; i++) {
      Object next = child(node, segments.get(i));
      if (next == null && node instanceof Map<?, ?>) {
        next = new LinkedHashMap<String, Object>();
        UntypedMaps.asMap(node, text).put(segments.get(i), next);
      }
      if (next == null) {
        return;
      }
      node = next;
    }
    String last = segments.get(segments.size() - 1);
    if (node instanceof Map<?, ?>) {
      UntypedMaps.asMap(node, text).put(last, value);
    } else if (node instanceof List<?> list && index(last, list.size()) >= 0) {
      UntypedMaps.asList(node, text).set(index(last, list.size()), value);
    }
  }

  /** Removes the value it points at, if there is one. Mutates {@code root}. */
  public void remove(Map<String, Object> root) {
    Object node = root;
    for (int i = 0; i < segments.size() - 1 && node != null; i++) {
      node = child(node, segments.get(i));
    }
    String last = segments.get(segments.size() - 1);
    if (node instanceof Map<?, ?> map) {
      map.remove(last);
    } else if (node instanceof List<?> list && index(last, list.size()) >= 0) {
      list.remove(index(last, list.size()));
    }
  }

  private static Object child(Object node, String segment) {
    if (node instanceof Map<?, ?> map) {
      return map.get(segment);
    }
    if (node instanceof List<?> list) {
      int index = index(segment, list.size());
      return index < 0 ? null : list.get(index);
    }
    return null;
  }

  private static int index(String segment, int size) {
    if (!segment.matches("0|[1-9][0-9]{0,8}")) {
      return -1;
    }
    int index = Integer.parseInt(segment);
    return index < size ? index : -1;
  }

  @Override
  public String toString() {
    return text;
  }
}
