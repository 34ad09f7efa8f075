package io.webserveroperator.template.python;

/**
 * The characters that end a line for some common reader of the text a template writes: Python's
 * {@code str.splitlines()} set, the widest of them. It holds YAML's ({@code \n}, {@code \r}, and in
 * YAML 1.1 also U+0085, U+2028, U+2029), Java's {@code readLine} and JavaScript's ({@code \n},
 * {@code \r}, U+2028, U+2029), Unicode's mandatory breaks (U+000B, U+000C, U+0085, U+2028, U+2029),
 * and the file, group and record separators U+001C to U+001E.
 */
public final class LineBreaks {

  /** Every line break, {@code \r\n} being two of them. */
  public static final String CHARACTERS = "\n\r\u000B\u000C\u001C\u001D\u001E\u0085\u2028\u2029";

  /**
   * A CustomResourceDefinition {@code pattern} that admits no line break, in the regular
   * expressions of Go (RE2), which the API server checks patterns with, and of Java.
   */
  public static final String CRD_PATTERN =
      "^[^\\n\\r\\x0B\\x0C\\x1C-\\x1E\\x{85}\\x{2028}\\x{2029}]*$";

  private LineBreaks() {}

  /** Whether {@code c} ends a line. */
  public static boolean isBreak(char c) {
    // \n, U+000B, U+000C, \r; U+001C to U+001E; U+0085, U+2028, U+2029 (every value printed is
    // scanned, so no search of CHARACTERS)
    if (c <= '\r') {
      return c >= '\n';
    }
    return c <= '\u001E' ? c >= '\u001C' : c == '\u0085' || c == '\u2028' || c == '\u2029';
  }

  /** The index of the first line break in {@code text}, or -1. */
  public static int indexIn(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      if (isBreak(text.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  /**
   * A line break as a message shows it: {@code \n}, {@code \r}, or its code as a Java string has
   * it.
   */
  public static String escape(char c) {
    return switch (c) {
      case '\n' -> "\\n";
      case '\r' -> "\\r";
      default -> String.format("\\u%04x", (int) c);
    };
  }
}
