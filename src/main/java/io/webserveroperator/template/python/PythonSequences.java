package io.webserveroperator.template.python;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** What Python iterates as a sequence, whatever Java type holds it. */
public final class PythonSequences {

  private PythonSequences() {}

  /** Lists, sets, arrays, and a dict's items (as Python's (key, value) pairs). */
  public static boolean isList(Object value) {
    return value instanceof Collection
        || value instanceof Map.Entry
        || (value != null && value.getClass().isArray());
  }

  public static List<?> asList(Object value) {
    if (value instanceof List<?> list) {
      return list;
    }
    if (value instanceof Map.Entry<?, ?> item) {
      return Arrays.asList(item.getKey(), item.getValue());
    }
    if (value instanceof Collection<?> collection) {
      return new ArrayList<>(collection);
    }
    List<Object> items = new ArrayList<>();
    for (int i = 0; i < Array.getLength(value); i++) {
      items.add(Array.get(value, i));
    }
    return items;
  }
}
