package io.webserveroperator.template.python;

import java.util.AbstractList;

/** A key and its value, as Python's {@code (key, value)} tuple: unpacks in {@code for k, v}. */
public class PythonPair extends AbstractList<Object> {
  private final Object key;
  private final Object value;

  public PythonPair(Object key, Object value) {
    this.key = key;
    this.value = value;
  }

  @Override
  public Object get(int index) {
    return switch (index) {
      case 0 -> key;
      case 1 -> value;
      default -> throw new IndexOutOfBoundsException(index);
    };
  }

  @Override
  public int size() {
    return 2;
  }

  /** Python's tuple repr: {@code ('a', 1)}. */
  @Override
  public String toString() {
    return "(" + PythonText.repr(key) + ", " + PythonText.repr(value) + ")";
  }
}
