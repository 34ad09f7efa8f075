package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.output.Fragment;
import io.webserveroperator.template.python.NamedTuple;
import io.webserveroperator.template.python.PythonIteration;
import io.webserveroperator.template.python.PythonSequences;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;
import io.webserveroperator.template.python.Undefined;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** How filters read their value: its items as Python iterates them, an item's attribute. */
final class FilterInput {

  private FilterInput() {}

  /**
   * A list's items, a mapping's keys, or a string's characters (code points), as iterating it in
   * Python gives them.
   */
  static List<Object> items(Object value, String filter) {
    if (!(value instanceof Map
        || value instanceof CharSequence
        || value instanceof Fragment
        || PythonSequences.isList(value))) {
      throw new TemplateFailure(
          filter
              + " needs a list, a mapping or a string to iterate, not "
              + TypeNames.python(value));
    }
    return new ArrayList<>(PythonIteration.items(value));
  }

  /**
   * Jinja2's attribute lookup of {@code attribute=} arguments: a dotted path ({@code meta.age})
   * through mappings, named tuples and list indexes; a missing one fails, naming it.
   */
  static Object lookup(Object item, String path) {
    Object value = item;
    for (String part : path.split("\\.")) {
      if (value instanceof Map<?, ?> map && map.containsKey(part)) {
        value = map.get(part);
      } else if (value instanceof NamedTuple tuple && !(tuple.field(part) instanceof Undefined)) {
        value = tuple.field(part);
      } else if (PythonSequences.isList(value) && part.matches("\\d+")) {
        value = PythonSequences.asList(value).get(Integer.parseInt(part));
      } else {
        throw noAttribute(value, part).failure();
      }
    }
    return value;
  }

  /** Jinja2's undefined attribute: {@code 'dict object' has no attribute 'name'}. */
  static Undefined noAttribute(Object owner, String name) {
    String type = owner == null ? "None" : TypeNames.python(owner).replace("'", "") + " object";
    return Undefined.because("'" + type + "' has no attribute '" + name + "'");
  }

  /** The value's Java text, none as empty: what the engine's own filters read. */
  static String text(Object value) {
    return value == null ? "" : value.toString();
  }
}
