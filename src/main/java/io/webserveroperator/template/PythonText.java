package io.webserveroperator.template;

import com.hubspot.jinjava.lib.fn.MacroFunction;
import java.util.Map;
import java.util.function.IntFunction;

/** Python's {@code str} operations that Jinja2 filters use, on code points, not UTF-16 units. */
final class PythonText {

  private PythonText() {}

  /** {@code len(text)}: code points, so an emoji counts once. */
  static int length(String text) {
    return text.codePointCount(0, text.length());
  }

  /**
   * Python's whitespace ({@code str.isspace}, what {@code split()} and {@code strip()} remove):
   * Java's, and the no-break spaces and U+0085 too.
   */
  static boolean isSpace(int c) {
    return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u0085';
  }

  /** {@code text.strip(chars)}: removes any of {@code chars} from both ends. */
  /** What Python's {@code str.isspace} counts as whitespace, which {@code strip()} removes. */
  static final String WHITESPACE =
      " \t\n\u000b\f\r\u001c\u001d\u001e\u001f\u0085\u00a0\u1680\u2000\u2001\u2002\u2003"
          + "\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";

  /** The text with each code point replaced by what {@code each} makes of it. */
  static String eachCodePoint(String text, IntFunction<String> each) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints().forEach(c -> out.append(each.apply(c)));
    return out.toString();
  }

  static String strip(String text, String chars) {
    return strip(text, chars, true, true);
  }

  /**
   * {@code strip}, {@code lstrip} or {@code rstrip}: removes any of {@code chars} from the ends.
   */
  static String strip(String text, String chars, boolean left, boolean right) {
    int start = 0;
    int end = text.length();
    while (left && start < end && chars.indexOf(text.codePointAt(start)) >= 0) {
      start += Character.charCount(text.codePointAt(start));
    }
    while (right && end > start && chars.indexOf(text.codePointBefore(end)) >= 0) {
      end -= Character.charCount(text.codePointBefore(end));
    }
    return text.substring(start, end);
  }

  /**
   * {@code str(value)}: None, True and False as Python spells them, floats and containers as repr.
   */
  static String str(Object value) {
    if (value instanceof Map || TextFormat.isList(value)) {
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
      return TextFormat.number(number);
    }
    return value.toString();
  }

  /** {@code repr(value)}: strings quoted, containers with their items' repr. */
  static String repr(Object value) {
    if (value instanceof CharSequence || value instanceof Fragment) {
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
    if (value instanceof PythonRange || value instanceof Jinja2Filters.Pair) {
      return value.toString(); // Python's range(0, 3), a tuple's (key, value)
    }
    if (TextFormat.isList(value)) {
      StringBuilder out = new StringBuilder("[");
      for (Object item : TextFormat.asList(value)) {
        out.append(out.length() > 1 ? ", " : "").append(repr(item));
      }
      return out.append(']').toString();
    }
    return str(value);
  }
}
