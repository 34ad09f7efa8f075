package io.webserveroperator.template.python;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Python's {@code <} for the values templates sort and compare: numbers of any width by value
 * (booleans as 0 and 1), strings by code point (lower-cased unless case-sensitive), lists element
 * by element; anything else, such as a string against a number or None, is the error Python raises,
 * never a Java {@code ClassCastException}.
 */
public final class PythonOrder implements Comparator<Object> {

  private final boolean caseSensitive;

  public PythonOrder(boolean caseSensitive) {
    this.caseSensitive = caseSensitive;
  }

  @Override
  public int compare(Object left, Object right) {
    if (isNumber(left) && isNumber(right)) {
      return decimal(left).compareTo(decimal(right));
    }
    if (left instanceof CharSequence a && right instanceof CharSequence b) {
      return compareText(a.toString(), b.toString());
    }
    if (left instanceof List<?> a && right instanceof List<?> b) {
      for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
        int order = compare(a.get(i), b.get(i));
        if (order != 0) {
          return order;
        }
      }
      return Integer.compare(a.size(), b.size());
    }
    throw new TemplateFailure(
        "'<' is not supported between "
            + TypeNames.python(left)
            + " and "
            + TypeNames.python(right));
  }

  private int compareText(String a, String b) {
    String left = caseSensitive ? a : a.toLowerCase(Locale.ROOT);
    String right = caseSensitive ? b : b.toLowerCase(Locale.ROOT);
    return Comparator.<String, int[]>comparing(
            s -> s.codePoints().toArray(), java.util.Arrays::compare)
        .compare(left, right);
  }

  private static boolean isNumber(Object value) {
    return value instanceof Number || value instanceof Boolean;
  }

  private static BigDecimal decimal(Object value) {
    if (value instanceof Boolean b) {
      return b ? BigDecimal.ONE : BigDecimal.ZERO;
    }
    if (value instanceof BigDecimal d) {
      return d;
    }
    if (value instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (value instanceof Double || value instanceof Float) {
      return new BigDecimal(((Number) value).doubleValue());
    }
    return BigDecimal.valueOf(((Number) value).longValue());
  }
}
