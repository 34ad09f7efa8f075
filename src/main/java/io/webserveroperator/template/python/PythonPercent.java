package io.webserveroperator.template.python;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python's {@code %} formatting of strings: {@code '%s:%d' % (name, port)}, {@code '%(a)s' %
 * mapping}, with flags, width and precision; each conversion is done as {@link PythonFormat} does
 * the equivalent format spec.
 */
public final class PythonPercent {

  private static final Pattern CONVERSION =
      Pattern.compile("%(?:\\(([^)]*)\\))?([-+ 0#]*)(\\d+)?(?:\\.(\\d+))?([sdirfFeEgGxXo%])");

  private PythonPercent() {}

  public static String format(String template, Object args) {
    List<?> positional =
        PythonSequences.isList(args)
            ? PythonSequences.asList(args)
            : args instanceof Map ? List.of() : Collections.singletonList(args);
    Map<?, ?> named = args instanceof Map<?, ?> map ? map : Map.of();
    Matcher m = CONVERSION.matcher(template);
    StringBuilder out = new StringBuilder();
    int next = 0;
    int from = 0;
    while (m.find()) {
      out.append(template, from, m.start());
      from = m.end();
      char type = m.group(5).charAt(0);
      if (type == '%') {
        out.append('%');
        continue;
      }
      Object value;
      if (m.group(1) != null) {
        if (!named.containsKey(m.group(1))) {
          throw new TemplateFailure("format requires a mapping with the key '" + m.group(1) + "'");
        }
        value = named.get(m.group(1));
      } else {
        if (next >= positional.size()) {
          throw new TemplateFailure("not enough arguments for format string");
        }
        value = positional.get(next++);
      }
      out.append(convert(value, m.group(2), m.group(3), m.group(4), type));
    }
    if (named.isEmpty() && next < positional.size()) {
      throw new TemplateFailure("not all arguments converted during string formatting");
    }
    return out.append(template.substring(from)).toString();
  }

  private static String convert(
      Object value, String flags, String width, String precision, char type) {
    StringBuilder spec = new StringBuilder();
    if (flags.contains("-")) {
      spec.append('<');
    } else if (type == 's' || type == 'r') {
      spec.append('>'); // % right-aligns text, where str.format's default is the left
    }
    if (flags.contains("+")) {
      spec.append('+');
    } else if (flags.contains(" ")) {
      spec.append(' ');
    }
    if (flags.contains("0") && !flags.contains("-") && type != 's' && type != 'r') {
      spec.append('0');
    }
    if (width != null) {
      spec.append(width);
    }
    if (precision != null) {
      spec.append('.').append(precision);
    }
    return switch (type) {
      case 's' -> PythonFormat.apply(PythonText.str(value), spec.append('s').toString());
      case 'r' -> PythonFormat.apply(repr(value), spec.append('s').toString());
      case 'd', 'i' -> PythonFormat.apply(whole(value), spec.append('d').toString());
      case 'F' -> PythonFormat.apply(value, spec.append('f').toString());
      default -> PythonFormat.apply(value, spec.append(type).toString());
    };
  }

  private static Object whole(Object value) {
    if (value instanceof Boolean flag) {
      return flag ? 1L : 0L;
    }
    if (!(value instanceof Number number)) {
      throw new TemplateFailure(
          "%d format: a real number is required, not " + TypeNames.python(value));
    }
    return number.longValue();
  }

  private static String repr(Object value) {
    return value instanceof CharSequence text
        ? "'" + text.toString().replace("\\", "\\\\").replace("'", "\\'") + "'"
        : PythonText.str(value);
  }
}
