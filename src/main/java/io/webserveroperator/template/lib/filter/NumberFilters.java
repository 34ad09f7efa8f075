package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.python.PythonFormat;
import io.webserveroperator.template.python.PythonOperators;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/** Filters to and of numbers, with Python's ints, floats and rounding. */
final class NumberFilters {

  private static final List<String> DECIMAL_UNITS =
      List.of("kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB");
  private static final List<String> BINARY_UNITS =
      List.of("KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB");

  /** Python's {@code float(text)} after stripping: digits with single underscores between. */
  private static final Pattern PYTHON_FLOAT =
      Pattern.compile(
          "[+-]?(?:\\d(?:_?\\d)*(?:\\.(?:\\d(?:_?\\d)*)?)?|\\.\\d(?:_?\\d)*)"
              + "(?:[eE][+-]?\\d(?:_?\\d)*)?");

  static final List<FilterSpec> ALL =
      List.of(
          FilterSpec.of("abs", "Python's `abs`; a bool is 0 or 1.", (v, a, k) -> abs(v)),
          FilterSpec.of(
                  "round",
                  "Rounded to `precision` digits, by `method` (`common`, `ceil`, `floor`).",
                  NumberFilters::round)
              .takes("precision", "method")
              .limitedBy(SizeLimits::round),
          FilterSpec.of(
                  "int",
                  "Python's `int` of a number or text in `base`, or `default` where it fails.",
                  NumberFilters::toInt)
              .takes("default", "base"),
          FilterSpec.of(
                  "float",
                  "Python's `float` of a number or text, or `default` where it fails.",
                  NumberFilters::toFloat)
              .takes("default"),
          FilterSpec.of(
                  "filesizeformat",
                  "A size in bytes for people: `1.5 kB`, or `1.0 KiB` when `binary`.",
                  NumberFilters::filesizeformat)
              .takes("binary"));

  private NumberFilters() {}

  /** Whether Python would hold the number as a float. */
  private static boolean isFloat(Number number) {
    return number instanceof Double || number instanceof Float || number instanceof BigDecimal;
  }

  /** Python's {@code abs}: numbers only; a bool is 0 or 1. */
  private static Object abs(Object value) {
    if (value instanceof Boolean flag) {
      return flag ? 1L : 0L;
    }
    if (!(value instanceof Number number)) {
      throw new TemplateFailure("bad operand type for abs(): " + TypeNames.python(value));
    }
    if (isFloat(number)) {
      return Math.abs(number.doubleValue());
    }
    return PythonOperators.narrow(new BigInteger(number.toString()).abs());
  }

  /** Jinja2's {@code round(value, precision=0, method='common')}: a float, or an int for one. */
  private static Object round(Object value, Object[] args, Map<String, Object> kwargs) {
    if (!(value instanceof Number number)) {
      throw new TemplateFailure("round needs a number, not " + TypeNames.python(value));
    }
    int precision = FilterArgs.intArg(args, kwargs, 0, "precision", 0);
    Object method = FilterArgs.get(args, kwargs, 1, "method");
    RoundingMode mode =
        switch (method == null ? "common" : method.toString()) {
          // Python's round(): half to even, on the double's exact binary value.
          case "common" -> RoundingMode.HALF_EVEN;
          case "ceil" -> RoundingMode.CEILING;
          case "floor" -> RoundingMode.FLOOR;
          default ->
              throw new TemplateFailure(
                  "round's method must be common, ceil or floor, not " + method);
        };
    if (!isFloat(number) && mode == RoundingMode.HALF_EVEN) {
      // Python's round() keeps an int an int; ceil and floor go through a float in Jinja2.
      return new BigDecimal(number.toString()).setScale(precision, mode).toBigInteger().longValue();
    }
    BigDecimal exact = number instanceof BigDecimal d ? d : new BigDecimal(number.doubleValue());
    double rounded = exact.setScale(precision, mode).doubleValue();
    // Python's round() keeps the sign of a negative number rounded to zero: -0.0.
    return rounded == 0 && mode == RoundingMode.HALF_EVEN && number.doubleValue() < 0
        ? -0.0
        : rounded;
  }

  /** Jinja2's {@code int(value, default=0, base=10)}. */
  private static Object toInt(Object value, Object[] args, Map<String, Object> kwargs) {
    Object fallback = FilterArgs.get(args, kwargs, 0, "default");
    int base = FilterArgs.intArg(args, kwargs, 1, "base", 10);
    if (value instanceof Boolean flag) {
      return flag ? 1L : 0L;
    }
    if (value instanceof Number number) {
      return isFloat(number)
          ? new BigDecimal(number.doubleValue()).toBigInteger().longValue()
          : number.longValue();
    }
    String text = value == null ? "" : value.toString().strip().replace("_", "");
    if (base == 0) {
      // Python's int(text, 0): the prefix says the base.
      String lower = text.toLowerCase(Locale.ROOT);
      base =
          lower.startsWith("0x")
              ? 16
              : lower.startsWith("0o") ? 8 : lower.startsWith("0b") ? 2 : 10;
    }
    try {
      if (base != 10 && text.length() > 2 && text.charAt(0) == '0') {
        String prefix = text.substring(0, 2).toLowerCase(Locale.ROOT);
        if ((base == 16 && prefix.equals("0x"))
            || (base == 8 && prefix.equals("0o"))
            || (base == 2 && prefix.equals("0b"))) {
          text = text.substring(2);
        }
      }
      return Long.parseLong(text, base);
    } catch (NumberFormatException notInteger) {
      // Jinja2's int(float(value)), so that '42.23' and '1e3' are read too.
      Double number = pythonFloat(String.valueOf(value));
      if (number == null || number.isNaN() || number.isInfinite()) {
        return fallback == null ? 0L : fallback;
      }
      return new BigDecimal(number).toBigInteger().longValue();
    }
  }

  /** Jinja2's {@code float(value, default=0.0)}, reading text as Python's {@code float()}. */
  private static Object toFloat(Object value, Object[] args, Map<String, Object> kwargs) {
    Object fallback = FilterArgs.get(args, kwargs, 0, "default");
    Double number = asFloat(value);
    if (number == null) {
      return fallback == null ? 0.0 : fallback;
    }
    return number;
  }

  /** Python's {@code float(value)} of a number, bool or string, or null where it raises. */
  private static Double asFloat(Object value) {
    if (value instanceof Boolean flag) {
      return flag ? 1.0 : 0.0;
    }
    if (value instanceof Number number) {
      return number.doubleValue();
    }
    return value instanceof CharSequence text ? pythonFloat(text.toString()) : null;
  }

  /** Python's {@code float(text)}, or null where it raises ValueError. */
  private static Double pythonFloat(String text) {
    String number = text.strip();
    String word = number.toLowerCase(Locale.ROOT).replaceFirst("^[+-]", "");
    boolean negative = number.startsWith("-");
    if (word.equals("inf") || word.equals("infinity")) {
      return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    if (word.equals("nan")) {
      return Double.NaN;
    }
    if (!PYTHON_FLOAT.matcher(number).matches()) {
      return null;
    }
    return Double.parseDouble(number.replace("_", ""));
  }

  /** Jinja2's {@code filesizeformat(value, binary=False)}: {@code 1.5 kB}, {@code 1.0 KiB}. */
  private static Object filesizeformat(Object value, Object[] args, Map<String, Object> kwargs) {
    Double bytes = asFloat(value);
    if (bytes == null) {
      throw new TemplateFailure("filesizeformat needs a number, not " + PythonText.repr(value));
    }
    boolean binary = FilterArgs.boolArg(args, kwargs, 0, "binary", false);
    int base = binary ? 1024 : 1000;
    if (bytes == 1) {
      return "1 Byte";
    }
    if (bytes < base) {
      return new BigDecimal(bytes).toBigInteger() + " Bytes";
    }
    List<String> units = binary ? BINARY_UNITS : DECIMAL_UNITS;
    int index = 0;
    while (index < units.size() - 1 && bytes >= power(base, index + 2)) {
      index++;
    }
    return PythonFormat.apply(base * bytes / power(base, index + 2), ".1f")
        + " "
        + units.get(index);
  }

  /** {@code base ** exponent} as Python's int, rounded once to a float. */
  private static double power(int base, int exponent) {
    return BigInteger.valueOf(base).pow(exponent).doubleValue();
  }
}
