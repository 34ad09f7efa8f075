package io.webserveroperator.template;

/** Python's {@code str} operations that Jinja2 filters use, on code points, not UTF-16 units. */
final class PythonText {

  private PythonText() {}

  /** {@code len(text)}: code points, so an emoji counts once. */
  static int length(String text) {
    return text.codePointCount(0, text.length());
  }

  /** {@code text.strip(chars)}: removes any of {@code chars} from both ends. */
  static String strip(String text, String chars) {
    int start = 0;
    int end = text.length();
    while (start < end && chars.indexOf(text.codePointAt(start)) >= 0) {
      start += Character.charCount(text.codePointAt(start));
    }
    while (end > start && chars.indexOf(text.codePointBefore(end)) >= 0) {
      end -= Character.charCount(text.codePointBefore(end));
    }
    return text.substring(start, end);
  }

  /** {@code str(value)}: None, True and False as Python spells them, floats as its repr. */
  static String str(Object value) {
    if (value == null) {
      return "None";
    }
    if (value instanceof Boolean flag) {
      return flag ? "True" : "False";
    }
    if (value instanceof Number number) {
      return TextFormat.number(number);
    }
    return value.toString();
  }
}
