package io.webserveroperator.template;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The items of a list as Jinja2's {@code min}, {@code max} and {@code groupby} read them: by a
 * dotted attribute ({@code address.city}, or a list index), optionally ignoring case, in Python's
 * order, which compares numbers with numbers and strings with strings and refuses the rest.
 */
final class Items {

  private Items() {}

  /**
   * The value {@code path} names in {@code item}, or {@code fallback} where a part is missing.
   *
   * @throws TemplateFailure when a part is missing and there is no fallback
   */
  static Object attribute(Object item, String path, Object fallback, String filter) {
    Object value = item;
    for (String part : path.split("\\.")) {
      if (value instanceof Map<?, ?> map && map.containsKey(part)) {
        value = map.get(part);
      } else if (TextFormat.isList(value) && part.matches("\\d+")) {
        List<?> list = TextFormat.asList(value);
        int index = Integer.parseInt(part);
        if (index >= list.size()) {
          return missing(path, fallback, filter);
        }
        value = list.get(index);
      } else {
        return missing(path, fallback, filter);
      }
    }
    return value;
  }

  /** The key a value is ordered and grouped by: lower case unless {@code caseSensitive}. */
  static Object key(Object value, boolean caseSensitive) {
    return !caseSensitive && value instanceof String text ? text.toLowerCase(Locale.ROOT) : value;
  }

  /** Python's order of two values, refusing what Python cannot compare. */
  static final Comparator<Object> ORDER = Items::compare;

  private static int compare(Object a, Object b) {
    if (a instanceof Number x && b instanceof Number y) {
      return Double.compare(x.doubleValue(), y.doubleValue());
    }
    if (a instanceof Boolean x && b instanceof Boolean y) {
      return Boolean.compare(x, y);
    }
    if (a instanceof String x && b instanceof String y) {
      return x.compareTo(y);
    }
    throw new TemplateFailure(
        "cannot order " + TypeNames.of(a) + " and " + TypeNames.of(b) + " against each other");
  }

  private static Object missing(String path, Object fallback, String filter) {
    if (fallback == null) {
      throw new TemplateFailure(
          filter + ": an item has no '" + path + "' (give a default for items without it)");
    }
    return fallback;
  }
}
