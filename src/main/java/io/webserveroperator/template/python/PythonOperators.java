package io.webserveroperator.template.python;

import com.hubspot.jinjava.objects.SafeString;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Python's binary operators on template values, where jinjava's expression language coerces: {@code
 * 8080 == '8080'} is false, {@code 'a' + 1} and {@code 1 / 0} are errors, {@code '-' * 5} repeats,
 * {@code '%s:%d' % (a, b)} formats, {@code -7 % 3} is 2, and integers never overflow.
 */
public final class PythonOperators {

  private PythonOperators() {}

  public static Object add(Object a, Object b) {
    check(a, b);
    if (isNumber(a) && isNumber(b)) {
      return isFloat(a) || isFloat(b)
          ? (Object) (number(a).doubleValue() + number(b).doubleValue())
          : narrow(integer(a).add(integer(b)));
    }
    if (isText(a) && isText(b)) {
      bounded(a.toString().length() + (long) b.toString().length(), "+");
      return a.toString() + b;
    }
    if (PythonSequences.isList(a) && PythonSequences.isList(b)) {
      List<?> left = PythonSequences.asList(a);
      List<?> right = PythonSequences.asList(b);
      PythonCollections.refuseTooMany("the operator '+'", left.size() + (long) right.size());
      List<Object> all = new ArrayList<>(left);
      all.addAll(right);
      return all;
    }
    throw unsupported("+", a, b);
  }

  public static Object subtract(Object a, Object b) {
    check(a, b);
    if (isNumber(a) && isNumber(b)) {
      return isFloat(a) || isFloat(b)
          ? (Object) (number(a).doubleValue() - number(b).doubleValue())
          : narrow(integer(a).subtract(integer(b)));
    }
    throw unsupported("-", a, b);
  }

  public static Object multiply(Object a, Object b) {
    check(a, b);
    if (isNumber(a) && isNumber(b)) {
      return isFloat(a) || isFloat(b)
          ? (Object) (number(a).doubleValue() * number(b).doubleValue())
          : narrow(integer(a).multiply(integer(b)));
    }
    if (isInteger(b) && (isText(a) || PythonSequences.isList(a))) {
      return repeat(a, integer(b).longValue());
    }
    if (isInteger(a) && (isText(b) || PythonSequences.isList(b))) {
      return repeat(b, integer(a).longValue());
    }
    throw unsupported("*", a, b);
  }

  public static Object divide(Object a, Object b) {
    check(a, b);
    if (!isNumber(a) || !isNumber(b)) {
      throw unsupported("/", a, b);
    }
    if (number(b).doubleValue() == 0) {
      throw new TemplateFailure("division by zero");
    }
    return number(a).doubleValue() / number(b).doubleValue();
  }

  /** Python's {@code //}: rounds toward negative infinity, exact for integers of any size. */
  public static Object floorDivide(Object a, Object b) {
    check(a, b);
    if (!isNumber(a) || !isNumber(b)) {
      throw unsupported("//", a, b);
    }
    if (number(b).doubleValue() == 0) {
      throw new TemplateFailure(
          isFloat(a) || isFloat(b)
              ? "float floor division by zero"
              : "integer division or modulo by zero");
    }
    if (isFloat(a) || isFloat(b)) {
      return Math.floor(number(a).doubleValue() / number(b).doubleValue());
    }
    BigInteger[] quotientAndRest = integer(a).divideAndRemainder(integer(b));
    BigInteger quotient = quotientAndRest[0];
    boolean inexactNegative =
        quotientAndRest[1].signum() != 0 && quotientAndRest[1].signum() != integer(b).signum();
    return narrow(inexactNegative ? quotient.subtract(BigInteger.ONE) : quotient);
  }

  /** Python's unary {@code +}: a number as it is (a bool as 0 or 1), nothing else. */
  public static Object positive(Object value) {
    check(value, null);
    if (!isNumber(value)) {
      throw new TemplateFailure("bad operand type for unary +: " + TypeNames.python(value));
    }
    return value instanceof Boolean ? number(value) : value;
  }

  public static Object modulo(Object a, Object b) {
    check(a, b);
    if (isText(a)) {
      // Only a tuple or a mapping holds several values; a list is one value, as in Python.
      return PythonPercent.format(
          a.toString(), PythonTuple.is(b) || b instanceof Map ? b : Collections.singletonList(b));
    }
    if (!isNumber(a) || !isNumber(b)) {
      throw unsupported("%", a, b);
    }
    if (number(b).doubleValue() == 0) {
      throw new TemplateFailure("integer modulo by zero");
    }
    if (isFloat(a) || isFloat(b)) {
      double x = number(a).doubleValue();
      double y = number(b).doubleValue();
      double r = x % y;
      return r != 0 && (r < 0) != (y < 0) ? r + y : r;
    }
    BigInteger y = integer(b);
    BigInteger r = integer(a).mod(y.abs());
    return narrow(y.signum() < 0 && r.signum() != 0 ? r.add(y) : r);
  }

  /** Python's {@code ==}: numbers by value (a bool is 0 or 1), different types never equal. */
  public static boolean equal(Object a, Object b) {
    check(a, b);
    if (a == null || b == null) {
      return a == b;
    }
    if (isNumber(a) && isNumber(b)) {
      return new BigDecimal(number(a).toString()).compareTo(new BigDecimal(number(b).toString()))
          == 0;
    }
    if (isText(a) && isText(b)) {
      return a.toString().equals(b.toString());
    }
    if (PythonSequences.isList(a) && PythonSequences.isList(b)) {
      List<?> x = PythonSequences.asList(a);
      List<?> y = PythonSequences.asList(b);
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!equal(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
      return x.size() == y.size()
          && x.entrySet().stream()
              .allMatch(e -> y.containsKey(e.getKey()) && equal(e.getValue(), y.get(e.getKey())));
    }
    return Objects.equals(a, b);
  }

  /** Jinja2's {@code ~}: both sides as Python's {@code str()}. */
  public static Object concat(Object a, Object b) {
    check(a, b);
    String left = PythonText.str(a);
    String right = PythonText.str(b);
    bounded(left.length() + (long) right.length(), "~");
    return left + right;
  }

  /** Python's {@code **}: exact for integers, a float for a negative exponent. */
  public static Object power(Object a, Object b) {
    check(a, b);
    if (!isNumber(a) || !isNumber(b)) {
      throw unsupported("**", a, b);
    }
    if (isFloat(a) || isFloat(b) || integer(b).signum() < 0) {
      return Math.pow(number(a).doubleValue(), number(b).doubleValue());
    }
    BigInteger base = integer(a);
    long exponent = integer(b).longValue();
    // Bounded like the output: a result with more digits than a template may render is refused.
    bounded((long) (Math.max(1, base.abs().bitLength()) * exponent * 0.30103), "**");
    return narrow(base.pow((int) exponent));
  }

  /** Python's {@code item in container}: a substring, a key, or an equal element. */
  public static boolean contains(Object container, Object item) {
    check(container, item);
    if (isText(container)) {
      if (!isText(item)) {
        throw new TemplateFailure(
            "'in <string>' requires string as left operand, not " + TypeNames.python(item));
      }
      return container.toString().contains(item.toString());
    }
    if (container instanceof Map<?, ?> map) {
      return map.keySet().stream().anyMatch(key -> equal(key, item));
    }
    if (PythonSequences.isList(container)) {
      return PythonSequences.asList(container).stream().anyMatch(element -> equal(element, item));
    }
    throw new TemplateFailure(
        "argument of type " + TypeNames.python(container) + " is not iterable");
  }

  /** Python's {@code <} and friends: {@link PythonOrder}, never a coercion. */
  public static int compare(Object a, Object b) {
    check(a, b);
    return new PythonOrder(true).compare(a, b);
  }

  private static Object repeat(Object value, long times) {
    if (times <= 0) {
      return isText(value) ? "" : new ArrayList<>();
    }
    if (isText(value)) {
      String text = value.toString();
      bounded(text.length() * times, "*");
      return text.repeat((int) times);
    }
    List<?> items = PythonSequences.asList(value);
    // More times than a list may hold items is too many for any list but an empty one.
    long total = items.isEmpty() ? 0 : times > Limits.MAX_ITEMS ? times : items.size() * times;
    PythonCollections.refuseTooMany("the operator '*'", total);
    if (items.isEmpty()) {
      return new ArrayList<>();
    }
    List<Object> out = new ArrayList<>();
    for (long i = 0; i < times; i++) {
      out.addAll(items);
    }
    return out;
  }

  private static void bounded(long size, String operator) {
    OutputBudget.refuseLarger("operator", operator, size);
  }

  private static void check(Object a, Object b) {
    if (a instanceof Undefined undefined) {
      throw undefined.failure();
    }
    if (b instanceof Undefined undefined) {
      throw undefined.failure();
    }
  }

  private static TemplateFailure unsupported(String operator, Object a, Object b) {
    return new TemplateFailure(
        "unsupported operand type(s) for "
            + operator
            + ": "
            + TypeNames.python(a)
            + " and "
            + TypeNames.python(b));
  }

  static boolean isNumber(Object value) {
    return value instanceof Number || value instanceof Boolean;
  }

  private static boolean isInteger(Object value) {
    return isNumber(value) && !isFloat(value);
  }

  public static boolean isText(Object value) {
    // SafeString is Jinja2's Markup (what escape and safe return): a string too.
    return value instanceof CharSequence
        || value instanceof PythonStr
        || value instanceof SafeString;
  }

  private static boolean isFloat(Object value) {
    return value instanceof Double || value instanceof Float || value instanceof BigDecimal;
  }

  private static Number number(Object value) {
    return value instanceof Boolean flag ? (flag ? 1L : 0L) : (Number) value;
  }

  private static BigInteger integer(Object value) {
    Number n = number(value);
    return n instanceof BigInteger big ? big : BigInteger.valueOf(n.longValue());
  }

  /** A long where it fits, so the rest of the engine sees the usual type. */
  public static Number narrow(BigInteger value) {
    return value.bitLength() < 64 ? (Number) value.longValue() : value;
  }
}
