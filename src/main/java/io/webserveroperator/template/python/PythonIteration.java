package io.webserveroperator.template.python;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What Python's {@code for} iterates over a value: a string's characters (code points, each a
 * string), a dict's keys, a list's items; and how it unpacks one item into several names ({@code
 * for k, v in ...}).
 */
public final class PythonIteration {

  private PythonIteration() {}

  /**
   * The items {@code for x in value} visits.
   *
   * @throws TemplateFailure as Python's TypeError when the value cannot be iterated
   */
  public static List<?> items(Object value) {
    if (value instanceof PythonStr fragment) {
      return items(fragment.toString());
    }
    if (value instanceof CharSequence text) {
      return text.codePoints().mapToObj(Character::toString).toList();
    }
    if (value instanceof Map<?, ?> map) {
      return new ArrayList<>(map.keySet());
    }
    if (PythonSequences.isList(value)) {
      return PythonSequences.asList(value);
    }
    if (value instanceof Iterable<?> iterable) {
      List<Object> items = new ArrayList<>();
      iterable.forEach(items::add);
      return items;
    }
    throw new TemplateFailure(TypeNames.python(value) + " object is not iterable");
  }

  /**
   * The values of {@code names} names for one item, as Python unpacks it.
   *
   * @throws TemplateFailure as Python's TypeError or ValueError when the item does not have {@code
   *     names} parts
   */
  public static List<?> unpack(Object item, int names) {
    List<?> parts;
    try {
      parts = items(item);
    } catch (TemplateFailure notIterable) {
      throw new TemplateFailure(
          "cannot unpack non-iterable " + TypeNames.python(item).replace("'", "") + " object");
    }
    if (parts.size() > names) {
      throw new TemplateFailure("too many values to unpack (expected " + names + ")");
    }
    if (parts.size() < names) {
      throw new TemplateFailure(
          "not enough values to unpack (expected " + names + ", got " + parts.size() + ")");
    }
    return parts;
  }
}
