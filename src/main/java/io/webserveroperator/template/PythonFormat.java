package io.webserveroperator.template;

import com.hubspot.jinjava.el.ext.NamedParameter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python's {@code str.format}: {@code {}}, {@code {0}}, {@code {name}} and the format spec {@code
 * [[fill]align][sign][0][width][,][.precision][type]} with the types s, d, f, e, %, x, X, o, b.
 */
final class PythonFormat {

  private static final Pattern SPEC =
      Pattern.compile("(?:(.)?([<>^=]))?([+\\- ])?(0)?(\\d+)?(,)?(?:\\.(\\d+))?([sdfeEgG%xXob])?");

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
        String field = template.substring(i + 1, end);
        int colon = field.indexOf(':');
        String name = colon < 0 ? field : field.substring(0, colon);
        String spec = colon < 0 ? "" : field.substring(colon + 1);
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
        out.append(apply(value, spec));
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

  /** One value through a format spec, as {@code format(value, spec)}. */
  static String apply(Object value, String spec) {
    if (value instanceof Undefined undefined) {
      throw undefined.failure();
    }
    Matcher m = SPEC.matcher(spec);
    if (!m.matches()) {
      throw new TemplateFailure("Invalid format specifier '" + spec + "'");
    }
    char type = m.group(8) == null ? (value instanceof Number ? 'n' : 's') : m.group(8).charAt(0);
    String text =
        switch (type) {
          case 's' -> PythonText.str(value);
          case 'n' ->
              value instanceof Boolean ? PythonText.str(value) : TextFormat.number((Number) value);
          default -> number(value, type, m.group(7), m.group(6) != null, m.group(3));
        };
    int width = m.group(5) == null ? 0 : Integer.parseInt(m.group(5));
    if (width > EngineFactory.MAX_OUTPUT) {
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

  private static String number(
      Object value, char type, String precision, boolean grouping, String sign) {
    if (!(value instanceof Number number)) {
      throw new TemplateFailure(
          "Unknown format code '" + type + "' for object of type " + TypeNames.python(value));
    }
    int digits = precision == null ? 6 : Integer.parseInt(precision);
    String text =
        switch (type) {
          case 'd' -> String.format(grouping ? "%,d" : "%d", number.longValue());
          case 'x' -> Long.toHexString(number.longValue());
          case 'X' -> Long.toHexString(number.longValue()).toUpperCase();
          case 'o' -> Long.toOctalString(number.longValue());
          case 'b' -> Long.toBinaryString(number.longValue());
          case '%' -> fixed(number.doubleValue() * 100, digits, grouping) + "%";
          case 'e', 'E' ->
              String.format("%." + digits + type, number.doubleValue())
                  .replaceAll("e([+-])(\\d)$", "e$10$2");
          default -> fixed(number.doubleValue(), digits, grouping);
        };
    if (sign != null && !text.startsWith("-")) {
      text = (sign.equals(" ") ? " " : sign.equals("+") ? "+" : "") + text;
    }
    return text;
  }

  private static String fixed(double value, int digits, boolean grouping) {
    BigDecimal rounded = new BigDecimal(value).setScale(digits, RoundingMode.HALF_EVEN);
    return grouping ? String.format("%,." + digits + "f", rounded) : rounded.toPlainString();
  }
}
