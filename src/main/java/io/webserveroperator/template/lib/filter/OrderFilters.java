package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.python.PythonOrder;
import io.webserveroperator.template.python.PythonPair;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;
import io.webserveroperator.template.python.Undefined;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Filters that order items, in Python's order (case-insensitive unless asked), by the items or an
 * attribute of each.
 */
final class OrderFilters {

  static final List<FilterSpec> ALL =
      List.of(
          FilterSpec.of(
                  "min",
                  "The smallest item, or of `attribute`; undefined for no items.",
                  (v, a, k) -> extreme(v, a, k, false))
              .takes("case_sensitive", "attribute"),
          FilterSpec.of(
                  "max",
                  "The largest item, or of `attribute`; undefined for no items.",
                  (v, a, k) -> extreme(v, a, k, true))
              .takes("case_sensitive", "attribute"),
          FilterSpec.of(
                  "sort",
                  "The items sorted, by `attribute` (a dotted path, or several, comma-separated).",
                  OrderFilters::sort)
              .takes("reverse", "case_sensitive", "attribute"),
          FilterSpec.of(
                  "dictsort",
                  "A mapping's (key, value) pairs sorted by key, or `by='value'`.",
                  OrderFilters::dictsort)
              .takes("case_sensitive", "by", "reverse"),
          FilterSpec.of(
                  "unique",
                  "The items without repeats (by `attribute`), the first of each kept.",
                  OrderFilters::unique)
              .takes("case_sensitive", "attribute"));

  private OrderFilters() {}

  /** Jinja2's {@code min}/{@code max(value, case_sensitive=False, attribute=None)}. */
  private static Object extreme(
      Object value, Object[] args, Map<String, Object> kwargs, boolean max) {
    List<Object> items = FilterInput.items(value, max ? "max" : "min");
    if (items.isEmpty()) {
      return Undefined.because("No aggregated item, sequence was empty.");
    }
    Comparator<Object> order = order(args, kwargs, 0, 1);
    return max ? items.stream().max(order).get() : items.stream().min(order).get();
  }

  /** Jinja2's {@code sort(value, reverse=False, case_sensitive=False, attribute=None)}. */
  private static Object sort(Object value, Object[] args, Map<String, Object> kwargs) {
    List<Object> items = FilterInput.items(value, "sort");
    Comparator<Object> order = order(args, kwargs, 1, 2);
    items.sort(FilterArgs.boolArg(args, kwargs, 0, "reverse", false) ? order.reversed() : order);
    return items;
  }

  /**
   * Python order on the items, or on an attribute of each: {@code attribute} may be a dotted path
   * ({@code meta.age}) or several, comma-separated, compared in turn.
   */
  private static Comparator<Object> order(
      Object[] args, Map<String, Object> kwargs, int caseSensitiveAt, int attributeAt) {
    boolean caseSensitive =
        FilterArgs.boolArg(args, kwargs, caseSensitiveAt, "case_sensitive", false);
    Object attribute = args.length > attributeAt ? args[attributeAt] : kwargs.get("attribute");
    PythonOrder python = new PythonOrder(caseSensitive);
    if (attribute == null) {
      return python;
    }
    List<String> paths = List.of(attribute.toString().split(","));
    return Comparator.comparing(
        item -> paths.stream().map(path -> FilterInput.lookup(item, path.strip())).toList(),
        python);
  }

  /** Jinja2's {@code dictsort(value, case_sensitive=False, by='key', reverse=False)}. */
  private static Object dictsort(Object value, Object[] args, Map<String, Object> kwargs) {
    if (!(value instanceof Map<?, ?> map)) {
      throw new TemplateFailure("dictsort needs a mapping, not " + TypeNames.python(value));
    }
    boolean caseSensitive = FilterArgs.boolArg(args, kwargs, 0, "case_sensitive", false);
    Object by = FilterArgs.get(args, kwargs, 1, "by");
    int position;
    if (by == null || "key".equals(by)) {
      position = 0;
    } else if ("value".equals(by)) {
      position = 1;
    } else {
      throw new TemplateFailure("dictsort can sort by 'key' or 'value', not '" + by + "'");
    }
    List<Object> pairs = new ArrayList<>();
    map.forEach((key, item) -> pairs.add(new PythonPair(key, item)));
    Comparator<Object> order =
        Comparator.comparing(
            pair -> ((PythonPair) pair).get(position), new PythonOrder(caseSensitive));
    pairs.sort(FilterArgs.boolArg(args, kwargs, 2, "reverse", false) ? order.reversed() : order);
    return pairs;
  }

  /** Jinja2's {@code unique(value, case_sensitive=False, attribute=None)}: first ones kept. */
  private static Object unique(Object value, Object[] args, Map<String, Object> kwargs) {
    boolean caseSensitive = FilterArgs.boolArg(args, kwargs, 0, "case_sensitive", false);
    Object attribute = FilterArgs.get(args, kwargs, 1, "attribute");
    Set<Object> seen = new HashSet<>();
    List<Object> kept = new ArrayList<>();
    for (Object item : FilterInput.items(value, "unique")) {
      Object key = attribute == null ? item : FilterInput.lookup(item, attribute.toString());
      if (key instanceof String text && !caseSensitive) {
        key = text.toLowerCase(Locale.ROOT);
      } else if (key instanceof Number number) {
        key = new BigDecimal(number.toString()).stripTrailingZeros();
      }
      if (seen.add(key)) {
        kept.add(item);
      }
    }
    return kept;
  }
}
