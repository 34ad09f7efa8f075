package io.webserveroperator.template.python;

import com.hubspot.jinjava.objects.collections.PyList;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * A tuple literal's value, {@code ('http://', 'https://')}: a list no template can change, and one
 * Python tells apart from a list where only a tuple will do ({@code s.startswith(prefixes)}).
 */
public final class PythonTuple extends AbstractList<Object> implements RandomAccess {

  private final List<?> items;

  /** Whether {@code value} is a tuple, as jinjava hands it over (wrapped in a PyList) or not. */
  static boolean is(Object value) {
    return value instanceof PythonTuple
        || (value instanceof PyList list && list.toList() instanceof PythonTuple);
  }

  /** Wraps {@code items}, a list nothing else holds, without a copy. */
  public PythonTuple(List<?> items) {
    this.items = items;
  }

  @Override
  public Object get(int index) {
    return items.get(index);
  }

  @Override
  public int size() {
    return items.size();
  }
}
