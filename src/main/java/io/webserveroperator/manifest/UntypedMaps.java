package io.webserveroperator.manifest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Reading, copying and casting untyped trees: objects held as {@code Map<String, Object>}, lists
 * and scalars, as Jackson parses JSON and YAML and as templates render them.
 *
 * <p>The getters take a path of map keys ({@code get(object, "metadata", "labels")}) and tolerate
 * what a hand-written or half-formed object holds: a null root, a missing key, or a scalar where a
 * map was expected all read as absent. The casts are checked: a value that is not a map (or whose
 * keys are not all strings), or not a list, fails with a message naming it. The maps and lists
 * returned are the tree's own, not copies, unless the method says otherwise; a tree from JSON or
 * YAML may be changed through them.
 */
public final class UntypedMaps {

  private UntypedMaps() {}

  /** The value at the path of keys; null when a key is missing or a step is no map. */
  public static Object get(Map<String, ?> root, String... path) {
    Object node = root;
    for (String key : path) {
      if (!(node instanceof Map<?, ?> map)) {
        return null;
      }
      node = map.get(key);
    }
    return node;
  }

  /** The map at the path of keys; null when there is none. */
  public static Map<String, Object> getMap(Map<String, ?> root, String... path) {
    return get(root, path) instanceof Map<?, ?> map
        ? stringKeyed(map, () -> String.join(".", path))
        : null;
  }

  /** The map at the path of keys; an empty, read-only map when there is none. */
  public static Map<String, Object> getMapOrEmpty(Map<String, ?> root, String... path) {
    Map<String, Object> map = getMap(root, path);
    return map == null ? Map.of() : map;
  }

  /**
   * The maps in the list at the path of keys, in list order, skipping items that are no map (as
   * {@code status.conditions} is read); empty when there is no list.
   */
  public static List<Map<String, Object>> getMaps(Map<String, ?> root, String... path) {
    if (!(get(root, path) instanceof List<?> list)) {
      return List.of();
    }
    return list.stream()
        .filter(Map.class::isInstance)
        .map(item -> stringKeyed((Map<?, ?>) item, () -> String.join(".", path) + " item"))
        .toList();
  }

  /**
   * The map under {@code key}, for writing: one is created and put there when the key is missing or
   * holds no map.
   */
  public static Map<String, Object> getOrCreateMap(Map<String, Object> parent, String key) {
    if (parent.get(key) instanceof Map<?, ?> map) {
      return stringKeyed(map, () -> key);
    }
    Map<String, Object> created = new LinkedHashMap<>();
    parent.put(key, created);
    return created;
  }

  /**
   * The value as a map.
   *
   * @param what names the value in the message, as in {@code "document 2 of pods.yaml"}
   * @throws IllegalArgumentException when it is no map, or has a key that is not a string
   */
  public static Map<String, Object> asMap(Object value, String what) {
    if (value instanceof Map<?, ?> map) {
      return stringKeyed(map, () -> what);
    }
    throw new IllegalArgumentException(what + " is not a map but " + describe(value));
  }

  /**
   * The value as a list.
   *
   * @param what names the value in the message
   * @throws IllegalArgumentException when it is no list
   */
  @SuppressWarnings("unchecked") // Any item is an Object; lists of a tree hold nothing narrower.
  public static List<Object> asList(Object value, String what) {
    if (value instanceof List<?> list) {
      return (List<Object>) list;
    }
    throw new IllegalArgumentException(what + " is not a list but " + describe(value));
  }

  /**
   * A mutable deep copy: maps become {@code LinkedHashMap}s in the same order, lists {@code
   * ArrayList}s; scalars are shared, and any other object too.
   */
  public static Object deepCopy(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>(Math.max(4, map.size() * 2));
      map.forEach((key, child) -> copy.put(String.valueOf(key), deepCopy(child)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(item -> copy.add(deepCopy(item)));
      return copy;
    }
    return value;
  }

  /** A mutable deep copy of the map, as {@link #deepCopy(Object)}; null for null. */
  public static Map<String, Object> deepCopyMap(Map<String, ?> map) {
    return map == null ? null : asMap(deepCopy(map), "a copy");
  }

  /**
   * {@code target} with a JSON merge patch applied (RFC 7386), as the API server applies one: maps
   * merge, a null removes its key, anything else replaces. Neither argument is changed.
   */
  public static Map<String, Object> mergePatched(
      Map<String, Object> target, Map<String, Object> patch) {
    Map<String, Object> merged = deepCopyMap(target);
    patch.forEach(
        (key, value) -> {
          if (value == null) {
            merged.remove(key);
          } else if (value instanceof Map<?, ?> inner && merged.get(key) instanceof Map<?, ?> old) {
            merged.put(key, mergePatched(asMap(old, key), asMap(inner, key)));
          } else {
            merged.put(key, deepCopy(value));
          }
        });
    return merged;
  }

  // The one unchecked cast: safe once every key is a string, since any value is an Object.
  @SuppressWarnings("unchecked")
  private static Map<String, Object> stringKeyed(Map<?, ?> map, Supplier<String> what) {
    for (Object key : map.keySet()) {
      if (!(key instanceof String)) {
        throw new IllegalArgumentException(
            what.get()
                + " has the key "
                + key
                + " ("
                + describe(key)
                + "), where a string was expected");
      }
    }
    return (Map<String, Object>) map;
  }

  private static String describe(Object value) {
    return value == null ? "null" : "a " + value.getClass().getSimpleName();
  }
}
