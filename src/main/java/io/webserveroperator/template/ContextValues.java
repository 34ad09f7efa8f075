package io.webserveroperator.template;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deep copies into plain maps, lists and scalars: what a template's context may hold. Anything else
 * becomes its string form, so no Java object reaches a template. The copies are read-only: every
 * template file of a render reads the same resource, so none may change it for the others.
 */
final class ContextValues {

  private ContextValues() {}

  static Object copy(Object value) {
    if (value == null
        || value instanceof String
        || value instanceof Boolean
        || value instanceof Number) {
      return value;
    }
    if (value instanceof Map<?, ?> map) {
      return copyMap(map);
    }
    if (value instanceof Collection<?> collection) {
      List<Object> copy = new ArrayList<>(collection.size());
      collection.forEach(item -> copy.add(copy(item)));
      return Collections.unmodifiableList(copy);
    }
    return value.toString();
  }

  /** A read-only copy of {@code map}, its keys as strings. */
  static Map<String, Object> copyMap(Map<?, ?> map) {
    Map<String, Object> copy = new LinkedHashMap<>(Math.max(4, map.size() * 2));
    map.forEach((k, v) -> copy.put(String.valueOf(k), copy(v)));
    return Collections.unmodifiableMap(copy);
  }
}
