package io.webserveroperator.template.python;

import com.hubspot.jinjava.el.ext.NamedParameter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python's {@code str.format}: {@code {}}, {@code {0}}, {@code {name}}, items of them ({@code
 * {0[1]}}, {@code {d[key]}}), the conversions {@code !r}, {@code !s}, {@code !a} and the format
 * spec {@code [[fill]align][sign][0][width][,|_][.precision][type]} with the types s, d, n, f, e,
 * g, %, x, X, o, b.
 */
public final class PythonFormat {

  private static final Pattern SPEC =
      Pattern.compile(
          "(?:(.)?([<>^=]))?([+\\- ])?(0)?(\\d+)?([,_])?(?:\\.(\\d+))?([sdnfFeEgG%xXob])?");

  /**
   * A replacement field: the argument, its items ({@code [0]}, {@code [key]}), conversion, spec.
   */
  private static final Pattern FIELD =
      Pattern.compile(
          "([^.\\[!:]*)((?:\\[[^\\]]*\\]|\\.[^.\\[!:]*)*)(?:!(.?))?(?::(.*))?", Pattern.DOTALL);

  private static final Pattern ITEM = Pattern.compile("\\[([^\\]]*)\\]|\\.([^.\\[]*)");

  private PythonFormat() {}

  static String format(String template, Object[] args) {
    List<Object> positional = new ArrayList<>();
    Map<String, Object> named = new HashMap<>();
    for (Object arg : args) {
      if (arg instanceof NamedParameter parameter) {
        named.put(parameter.getName(), parameter.getValue());
      } else {
        positional.add(arg);
      }
    }
    StringBuilder out = new StringBuilder();
    int next = 0;
    for (int i = 0; i < template.length(); i++) {
      char c = template.charAt(i);
      if (c == '{' && i + 1 < template.length() && template.charAt(i + 1) == '{') {
        out.append('{');
        i++;
      } else if (c == '}' && i + 1 < template.length() && template.charAt(i + 1) == '}') {
        out.append('}');
        i++;
      } else if (c == '{') {
        int end = template.indexOf('}', i);
        if (end < 0) {
          throw new TemplateFailure("Single '{' encountered in format string");
        }
        Matcher field = FIELD.matcher(template.substring(i + 1, end));
        if (!field.matches()) {
          throw new TemplateFailure("expected '}' before end of string");
        }
        String name = field.group(1);
        Object value;
        if (name.isEmpty()) {
          value = at(positional, next++);
        } else if (name.chars().allMatch(Character::isDigit)) {
          value = at(positional, Integer.parseInt(name));
        } else if (named.containsKey(name)) {
          value = named.get(name);
        } else {
          throw new TemplateFailure("format() has no argument named '" + name + "'");
        }
        value = items(value, field.group(2));
        String spec = field.group(4) == null ? "" : field.group(4);
        out.append(apply(convert(value, field.group(3)), spec));
        i = end;
      } else if (c == '}') {
        throw new TemplateFailure("Single '}' encountered in format string");
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static Object at(List<Object> positional, int index) {
    if (index >= positional.size()) {
      throw new TemplateFailure(
          "Replacement index " + index + " out of range for positional args tuple");
    }
    return positional.get(index);
  }

  /** A field's {@code [index]} and {@code [key]} items, as Python reads them from the value. */
  private static Object items(Object value, String items) {
    Matcher item = ITEM.matcher(items);
    Object current = value;
    while (item.find()) {
      if (item.group(2) != null) {
        throw new TemplateFailure(
            "format() cannot read the attribute '"
                + item.group(2)
                + "' of "
                + TypeNames.python(current)
                + "; write [key] for a key");
      }
      String key = item.group(1);
      boolean number = !key.isEmpty() && key.chars().allMatch(Character::isDigit);
      current = item(current, number ? (Object) Long.valueOf(key) : key);
    }
    return current;
  }

  private static Object item(Object value, Object key) {
    if (value instanceof Undefined undefined) {
      throw undefined.failure();
    }
    if (value instanceof Map<?, ?> map) {
      if (!map.containsKey(key)) {
        throw new TemplateFailure("format() found no key " + PythonText.repr(key));
      }
      return map.get(key);
    }
    boolean text = PythonOperators.isText(value);
    if (!text && !PythonSequences.isList(value)) {
      throw new TemplateFailure(TypeNames.python(value) + " object is not subscriptable");
    }
    if (!(key instanceof Long index)) {
      throw new TemplateFailure(
          (text ? "string" : "list") + " indices must be integers, not 'str'");
    }
    List<?> elements =
        text
            ? value.toString().codePoints().mapToObj(Character::toString).toList()
            : PythonSequences.asList(value);
    if (index >= elements.size()) {
      throw new TemplateFailure((text ? "string" : "list") + " index out of range");
    }
    return elements.get(index.intValue());
  }

  /** The conversion {@code !r}, {@code !s} or {@code !a}; none leaves the value as it is. */
  private static Object convert(Object value, String conversion) {
    if (conversion == null) {
      return value;
    }
    if (value instanceof Undefined undefined) {
      throw undefined.failure();
    }
    return switch (conversion) {
      case "r" -> PythonText.repr(value);
      case "s" -> PythonText.str(value);
      case "a" -> ascii(PythonText.repr(value));
      default -> throw new TemplateFailure("Unknown conversion specifier " + conversion);
    };
  }

  /** Python's {@code ascii()} of a repr: what is not ASCII as backslash escapes (x, u, U). */
  private static String ascii(String repr) {
    return PythonText.eachCodePoint(
        repr,
        c ->
            c < 0x80
                ? Character.toString(c)
                : c <= 0xff
                    ? String.format("\\x%02x", c)
                    : c <= 0xffff ? String.format("\\u%04x", c) : String.format("\\U%08x", c));
  }

  /** One value through a format spec, as {@code format(value, spec)}. */
  public static String apply(Object value, String spec) {
    if (value instanceof Undefined undefined) {
      throw undefined.failure();
    }
    if (spec.isEmpty()) {
      return PythonText.str(value); // format(x, '') is str(x), for any value
    }
    Matcher m = SPEC.matcher(spec);
    if (!m.matches()) {
      throw new TemplateFailure("Invalid format specifier '" + spec + "'");
    }
    boolean numeric = value instanceof Number || value instanceof Boolean;
    char type = m.group(8) != null ? m.group(8).charAt(0) : numeric ? ' ' : 's';
    String precision = m.group(7);
    String text =
        switch (type) {
          case 's' -> truncated(value, precision);
          default -> number(value, type, precision, m.group(6), m.group(3));
        };
    int width = m.group(5) == null ? 0 : Integer.parseInt(m.group(5));
    if (width > Limits.MAX_OUTPUT) {
      throw new TemplateFailure(
          "a format width of " + width + " is more than a template may render");
    }
    boolean zero = m.group(4) != null;
    char fill = m.group(1) != null ? m.group(1).charAt(0) : zero ? '0' : ' ';
    char align = m.group(2) != null ? m.group(2).charAt(0) : zero ? '=' : type == 's' ? '<' : '>';
    int missing = width - PythonText.length(text);
    if (missing <= 0) {
      return text;
    }
    String padding = String.valueOf(fill).repeat(missing);
    return switch (align) {
      case '<' -> text + padding;
      case '^' -> padding.substring(0, missing / 2) + text + padding.substring(missing / 2);
      case '=' ->
          text.startsWith("-") || text.startsWith("+")
              ? text.charAt(0) + padding + text.substring(1)
              : padding + text;
      default -> padding + text;
    };
  }

  /** {@code s}: the text, cut to the precision when there is one, as Python does. */
  private static String truncated(Object value, String precision) {
    if (!PythonOperators.isText(value)) {
      throw new TemplateFailure(
          "Unknown format code 's' for object of type " + TypeNames.python(value));
    }
    String text = value.toString();
    if (precision == null || PythonText.length(text) <= Integer.parseInt(precision)) {
      return text;
    }
    return text.substring(0, text.offsetByCodePoints(0, Integer.parseInt(precision)));
  }

  /**
   * A number through the numeric types; type ' ' is none given: an integer as it is, a float as
   * {@code str()} (or as general with a precision).
   */
  private static String number(
      Object value, char type, String precision, String grouping, String sign) {
    if (!(value instanceof Number) && !(value instanceof Boolean)) {
      throw new TemplateFailure(
          "Unknown format code '" + type + "' for object of type " + TypeNames.python(value));
    }
    Number number = value instanceof Boolean flag ? (Number) (flag ? 1L : 0L) : (Number) value;
    boolean integer =
        !(number instanceof Double || number instanceof Float || number instanceof BigDecimal);
    if (integer && precision != null && "dnxXob ".indexOf(type) >= 0) {
      throw new TemplateFailure("Precision not allowed in integer format specifier");
    }
    if (!integer && "dxXob".indexOf(type) >= 0) {
      throw new TemplateFailure(
          "Unknown format code '" + type + "' for object of type " + TypeNames.python(value));
    }
    if (",".equals(grouping) && "xXob".indexOf(type) >= 0) {
      throw new TemplateFailure("Cannot specify ',' with '" + type + "'.");
    }
    int digits = precision == null ? 6 : Integer.parseInt(precision);
    String text =
        switch (type) {
          case 'd', 'n' ->
              integer ? whole(number).toString() : general(number.doubleValue(), digits, false);
          case 'x' -> whole(number).toString(16);
          case 'X' -> whole(number).toString(16).toUpperCase(java.util.Locale.ROOT);
          case 'o' -> whole(number).toString(8);
          case 'b' -> whole(number).toString(2);
          case '%' -> fixed(number.doubleValue() * 100, digits) + "%";
          case 'e', 'E' ->
              String.format("%." + digits + type, number.doubleValue())
                  .replaceAll("e([+-])(\\d)$", "e$10$2")
                  .replaceAll("E([+-])(\\d)$", "E$10$2");
          case 'g' -> general(number.doubleValue(), digits, false);
          case 'G' ->
              general(number.doubleValue(), digits, false).toUpperCase(java.util.Locale.ROOT);
          case ' ' ->
              integer
                  ? whole(number).toString()
                  : precision == null
                      ? PythonText.number(number)
                      : general(number.doubleValue(), digits, true);
          default -> fixed(number.doubleValue(), digits);
        };
    if (grouping != null) {
      text = grouped(text, grouping.charAt(0), "xXob".indexOf(type) >= 0);
    }
    if (sign != null && !text.startsWith("-")) {
      text = (sign.equals(" ") ? " " : sign.equals("+") ? "+" : "") + text;
    }
    return text;
  }

  private static BigInteger whole(Number number) {
    return number instanceof BigInteger big ? big : BigInteger.valueOf(number.longValue());
  }

  private static String fixed(double value, int digits) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return PythonText.number(value);
    }
    return new BigDecimal(value).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
  }

  /**
   * Python's {@code g}: {@code precision} significant digits, positional for exponents from -4 to
   * below the precision, scientific outside, without trailing zeros; {@code keepPoint} (the format
   * without a type) keeps one digit after the point of a positional float.
   */
  private static String general(double value, int precision, boolean keepPoint) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return PythonText.number(value);
    }
    int significant = Math.max(precision, 1);
    String sign = value < 0 || 1 / value < 0 ? "-" : "";
    BigDecimal rounded =
        new BigDecimal(Math.abs(value)).round(new MathContext(significant, RoundingMode.HALF_EVEN));
    int exponent = rounded.signum() == 0 ? 0 : rounded.precision() - rounded.scale() - 1;
    if (exponent >= -4 && exponent < significant) {
      String plain =
          stripZeros(rounded.setScale(Math.max(significant - 1 - exponent, 0)).toPlainString());
      return sign + (keepPoint && !plain.contains(".") ? plain + ".0" : plain);
    }
    String mantissa =
        stripZeros(rounded.movePointLeft(exponent).setScale(significant - 1).toPlainString());
    return sign
        + mantissa
        + (exponent < 0 ? "e-" : "e+")
        + (Math.abs(exponent) < 10 ? "0" : "")
        + Math.abs(exponent);
  }

  private static String stripZeros(String plain) {
    return plain.contains(".") ? plain.replaceAll("\\.?0+$", "") : plain;
  }

  /**
   * The digits before the point in groups of three joined by {@code separator}; in groups of four
   * for the {@code x}, {@code o} and {@code b} types ({@code binary}), as Python groups them.
   */
  private static String grouped(String text, char separator, boolean binary) {
    int size = binary ? 4 : 3;
    int start = text.startsWith("-") ? 1 : 0;
    int end = start;
    while (end < text.length()
        && (binary
            ? Character.isLetterOrDigit(text.charAt(end))
            : Character.isDigit(text.charAt(end)))) {
      end++;
    }
    StringBuilder out = new StringBuilder(text.substring(end));
    for (int i = end; i > start; i -= size) {
      out.insert(0, text.substring(Math.max(start, i - size), i));
      if (i - size > start) {
        out.insert(0, separator);
      }
    }
    return text.substring(0, start) + out;
  }
}
