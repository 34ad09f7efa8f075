package io.webserveroperator.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Copying and reading objects held as plain maps, lists and scalars. */
final class Tree {

  private Tree() {}

  /** A mutable deep copy: maps keep their order, scalars are shared. */
  static Object copy(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((key, child) -> copy.put(String.valueOf(key), copy(child)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(item -> copy.add(copy(item)));
      return copy;
    }
    return value;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> copyMap(Map<String, Object> map) {
    return map == null ? null : (Map<String, Object>) copy(map);
  }

  /** The map under {@code key}, or null when the parent is null or the value is no map. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> childMap(Map<String, Object> parent, String key) {
    if (parent == null) {
      return null;
    }
    return parent.get(key) instanceof Map<?, ?> child ? (Map<String, Object>) child : null;
  }
}
