package io.webserveroperator.template;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jinja2's {@code trim_blocks}: the first newline after a block tag or a comment is dropped. Done
 * on the source, by moving that newline into a comment, because jinjava's own option miscounts the
 * lines that error messages report. It reads the source as Jinja2's lexer does: only the end of a
 * real tag or comment counts, not a {@code %}}} in text, in a quoted string of a tag or inside
 * {@code {% raw %}}, whose own first newline Jinja2 keeps.
 */
final class TrimBlocks {

  private static final String DROPPED_NEWLINE = "{#\n#}";
  private static final Pattern RAW = Pattern.compile("\\{%[-+]?\\s*raw\\s*[-+]?%}");
  private static final Pattern END_RAW = Pattern.compile("\\{%[-+]?\\s*endraw\\s*[-+]?%}");

  private TrimBlocks() {}

  static String apply(String source) {
    StringBuilder out = new StringBuilder(source.length() + 64);
    int at = 0;
    while (at < source.length()) {
      int open = source.indexOf('{', at);
      if (open < 0 || open + 1 >= source.length()) {
        break;
      }
      char kind = source.charAt(open + 1);
      int end =
          switch (kind) {
            case '#' -> endOf(source, open + 2, "#}", false);
            case '%' -> endOf(source, open + 2, "%}", true);
            case '{' -> endOf(source, open + 2, "}}", true);
            default -> open + 1;
          };
      if (end < 0) {
        break; // unclosed: jinjava reports it
      }
      if (kind == '%' && RAW.matcher(source).region(open, end).matches()) {
        Matcher endRaw = END_RAW.matcher(source);
        end = endRaw.find(end) ? endRaw.end() : source.length();
      }
      out.append(source, at, end);
      at = end;
      if (kind == '#' || kind == '%') {
        at = dropNewline(source, at, out);
      }
    }
    return out.append(source, at, source.length()).toString();
  }

  /** Where the tag that ends with {@code close} ends, past quoted strings if it has them. */
  private static int endOf(String source, int from, String close, boolean strings) {
    for (int i = from; i < source.length(); i++) {
      char c = source.charAt(i);
      if (strings && (c == '\'' || c == '"')) {
        i = endOfString(source, i);
      } else if (source.startsWith(close, i)) {
        return i + close.length();
      }
    }
    return -1;
  }

  private static int endOfString(String source, int quote) {
    for (int i = quote + 1; i < source.length(); i++) {
      if (source.charAt(i) == '\\') {
        i++;
      } else if (source.charAt(i) == source.charAt(quote)) {
        return i;
      }
    }
    return source.length();
  }

  private static int dropNewline(String source, int at, StringBuilder out) {
    int length = source.startsWith("\r\n", at) ? 2 : source.startsWith("\n", at) ? 1 : 0;
    if (length > 0) {
      out.append(DROPPED_NEWLINE);
    }
    return at + length;
  }
}
