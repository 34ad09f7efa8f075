package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.output.Fragment;
import io.webserveroperator.template.output.MultilineText;
import io.webserveroperator.template.output.SerialFormat;
import io.webserveroperator.template.output.SerializedFragment;
import io.webserveroperator.template.python.PythonOrder;
import io.webserveroperator.template.python.PythonPair;
import io.webserveroperator.template.python.PythonText;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Filters that say how a value prints: as structure, YAML and JSON, which the output keeps whole
 * ({@link SerializedFragment}); as Python's {@code pprint}; as a string that may span lines where
 * it is printed ({@link MultilineText}).
 */
final class StructuredFilters {

  static final List<FilterSpec> ALL =
      List.of(
          FilterSpec.of(
                  "to_yaml",
                  "The value as block YAML, which stays structure where it is printed.",
                  (v, a, k) -> structured(v, SerialFormat.YAML, null))
              .alias("toyaml"),
          FilterSpec.of(
              "to_json",
              "The value as JSON, keys in their order.",
              (v, a, k) -> structured(v, SerialFormat.JSON, null)),
          FilterSpec.of(
                  "tojson",
                  "Jinja2's JSON: keys sorted, ASCII only, `<>&'` escaped, `indent` if given.",
                  StructuredFilters::tojson)
              .takes("indent"),
          FilterSpec.of(
              "pprint",
              "Python's `repr` of the value, a mapping's keys sorted.",
              (v, a, k) -> PythonText.repr(sortedKeys(v))),
          FilterSpec.of(
              MultilineText.FILTER,
              "The string, whose line breaks may start lines where it is printed beside other"
                  + " text (the engine's; last in `{{ }}`).",
              (v, a, k) ->
                  v instanceof CharSequence text ? new MultilineText(text.toString()) : v));

  private StructuredFilters() {}

  private static Object structured(Object value, SerialFormat format, String indent) {
    return new SerializedFragment(
        value instanceof Fragment f ? f.toString() : value, format, indent);
  }

  /** Jinja2's {@code tojson(value, indent=None)}. */
  private static Object tojson(Object value, Object[] args, Map<String, Object> kwargs) {
    Object indent = FilterArgs.get(args, kwargs, 0, "indent");
    return structured(
        value, SerialFormat.TOJSON, indent == null ? null : Indented.pad("tojson", indent));
  }

  /** Python's {@code pprint} orders a mapping's keys. */
  private static Object sortedKeys(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> sorted = new TreeMap<>(new PythonOrder(true));
      map.forEach((k, v) -> sorted.put(k, sortedKeys(v)));
      return sorted;
    }
    if (value instanceof List<?> list && !(value instanceof PythonPair)) {
      return list.stream().map(StructuredFilters::sortedKeys).toList();
    }
    return value;
  }
}
