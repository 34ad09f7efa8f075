package io.webserveroperator.template.python;

import com.hubspot.jinjava.lib.fn.MacroFunction;
import java.math.BigDecimal;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/** Python's {@code str} operations that Jinja2 filters use, on code points, not UTF-16 units. */
public final class PythonText {

  private PythonText() {}

  /** {@code len(text)}: code points, so an emoji counts once. */
  public static int length(String text) {
    return text.codePointCount(0, text.length());
  }

  /**
   * Python's whitespace ({@code str.isspace}, what {@code split()} and {@code strip()} remove):
   * Java's, and the no-break spaces and U+0085 too.
   */
  static boolean isSpace(int c) {
    return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u0085';
  }

  /** The text with each code point replaced by what {@code each} makes of it. */
  static String eachCodePoint(String text, IntFunction<String> each) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints().forEach(c -> out.append(each.apply(c)));
    return out.toString();
  }

  /**
   * {@code text.strip(chars)}: removes any of {@code chars}, or whitespace when null, from both
   * ends.
   */
  public static String strip(String text, String chars) {
    return strip(text, chars, true, true);
  }

  /**
   * {@code strip}, {@code lstrip} or {@code rstrip}: removes any of {@code chars} from the ends, or
   * Python's whitespace ({@link #isSpace}) when {@code chars} is null.
   */
  public static String strip(String text, String chars, boolean left, boolean right) {
    IntPredicate strips = chars == null ? PythonText::isSpace : c -> chars.indexOf(c) >= 0;
    int start = 0;
    int end = text.length();
    while (left && start < end && strips.test(text.codePointAt(start))) {
      start += Character.charCount(text.codePointAt(start));
    }
    while (right && end > start && strips.test(text.codePointBefore(end))) {
      end -= Character.charCount(text.codePointBefore(end));
    }
    return text.substring(start, end);
  }

  /**
   * {@code str(value)}: None, True and False as Python spells them, floats and containers as repr.
   */
  public static String str(Object value) {
    if (value instanceof Map || PythonSequences.isList(value)) {
      return repr(value);
    }
    if (value == null) {
      return "None";
    }
    if (value instanceof Boolean flag) {
      return flag ? "True" : "False";
    }
    if (value instanceof MacroFunction macro) {
      return "<macro '" + macro.getName() + "'>";
    }
    if (value instanceof Number number) {
      return number(number);
    }
    return value.toString();
  }

  /** {@code repr(value)}: strings quoted, containers with their items' repr. */
  public static String repr(Object value) {
    if (value instanceof CharSequence || value instanceof PythonStr) {
      String text = value.toString();
      char quote = text.contains("'") && !text.contains("\"") ? '"' : '\'';
      StringBuilder out = new StringBuilder().append(quote);
      for (char c : text.toCharArray()) {
        switch (c) {
          case '\\' -> out.append("\\\\");
          case '\n' -> out.append("\\n");
          case '\r' -> out.append("\\r");
          case '\t' -> out.append("\\t");
          default -> {
            if (c == quote) {
              out.append('\\');
            }
            out.append(c);
          }
        }
      }
      return out.append(quote).toString();
    }
    if (value instanceof Map<?, ?> map) {
      StringBuilder out = new StringBuilder("{");
      map.forEach(
          (k, v) ->
              out.append(out.length() > 1 ? ", " : "")
                  .append(repr(k))
                  .append(": ")
                  .append(repr(v)));
      return out.append('}').toString();
    }
    if (value instanceof PythonRange || value instanceof PythonPair) {
      return value.toString(); // Python's range(0, 3), a tuple's (key, value)
    }
    if (PythonSequences.isList(value)) {
      StringBuilder out = new StringBuilder("[");
      for (Object item : PythonSequences.asList(value)) {
        out.append(out.length() > 1 ? ", " : "").append(repr(item));
      }
      return out.append(']').toString();
    }
    return str(value);
  }

  /** A number as Python prints it: whole doubles keep {@code .0}. */
  public static String number(Number number) {
    if (number instanceof Double || number instanceof Float) {
      return pythonFloat(number.doubleValue());
    }
    if (number instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    return number.toString();
  }

  /**
   * Python's {@code repr} of a float: the shortest digits that read back as the same double,
   * positional from 1e-4 up to 1e16 (always with a decimal point), scientific outside ({@code
   * 1e+20}, {@code 1.5e-07}).
   */
  public static String pythonFloat(double d) {
    if (Double.isNaN(d)) {
      return "nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    if (d == 0) {
      return 1 / d < 0 ? "-0.0" : "0.0";
    }
    BigDecimal digits = new BigDecimal(Double.toString(d)).stripTrailingZeros();
    int exponent = digits.precision() - digits.scale() - 1;
    if (exponent >= -4 && exponent < 16) {
      String plain = digits.toPlainString();
      return plain.contains(".") ? plain : plain + ".0";
    }
    String unscaled = digits.unscaledValue().abs().toString();
    String mantissa =
        unscaled.length() == 1 ? unscaled : unscaled.charAt(0) + "." + unscaled.substring(1);
    return (d < 0 ? "-" : "")
        + mantissa
        + "e"
        + (exponent < 0 ? "-" : "+")
        + String.format("%02d", Math.abs(exponent));
  }
}
