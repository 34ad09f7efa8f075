package io.webserveroperator.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The code of one template: each {@code {{ expression }}} and {@code {% statement %}} with the line
 * it starts on. Comments and {@code {% raw %}} blocks are skipped, and so is the text between tags:
 * lint reads what the template computes, whatever branch a sample takes.
 */
final class JinjaTags {

  /** What kind of tag. */
  enum Type {
    EXPRESSION,
    STATEMENT
  }

  /**
   * One tag.
   *
   * @param type expression or statement
   * @param body the code between the delimiters, whitespace-control marks removed
   * @param offset where the body starts in the template
   */
  record Tag(Type type, String body, int offset) {}

  private static final Pattern RAW_END = Pattern.compile("\\{%[-+]?\\s*endraw\\s*[-+]?%}");
  private static final Pattern RAW_START = Pattern.compile("\\A[-+]?\\s*raw\\s*[-+]?\\z");

  private final String source;
  private final int[] lineStarts;

  private JinjaTags(String source) {
    this.source = source;
    List<Integer> starts = new ArrayList<>(List.of(0));
    for (int i = 0; i < source.length(); i++) {
      if (source.charAt(i) == '\n') {
        starts.add(i + 1);
      }
    }
    this.lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
  }

  static JinjaTags of(String source) {
    return new JinjaTags(source);
  }

  /** The 1-based line of an offset in the template. */
  int lineAt(int offset) {
    int low = 0;
    int high = lineStarts.length - 1;
    while (low < high) {
      int middle = (low + high + 1) >>> 1;
      if (lineStarts[middle] <= offset) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return low + 1;
  }

  /** The tags in source order; an unclosed tag ends the scan (loading reports it). */
  List<Tag> tags() {
    List<Tag> tags = new ArrayList<>();
    int at = 0;
    while (true) {
      int open = source.indexOf('{', at);
      if (open < 0 || open + 1 >= source.length()) {
        return tags;
      }
      char second = source.charAt(open + 1);
      if (second == '#') {
        int close = source.indexOf("#}", open + 2);
        if (close < 0) {
          return tags;
        }
        at = close + 2;
        continue;
      }
      if (second != '{' && second != '%') {
        at = open + 1;
        continue;
      }
      String closing = second == '{' ? "}}" : "%}";
      int close = closeOf(open + 2, closing);
      if (close < 0) {
        return tags;
      }
      int start = open + 2;
      int end = close;
      if (start < end && (source.charAt(start) == '-' || source.charAt(start) == '+')) {
        start++;
      }
      if (end > start && (source.charAt(end - 1) == '-' || source.charAt(end - 1) == '+')) {
        end--;
      }
      String body = source.substring(start, end);
      at = close + 2;
      if (second == '%' && RAW_START.matcher(body.strip()).matches()) {
        Matcher endRaw = RAW_END.matcher(source);
        if (!endRaw.find(at)) {
          return tags;
        }
        at = endRaw.end();
        continue;
      }
      tags.add(new Tag(second == '{' ? Type.EXPRESSION : Type.STATEMENT, body, start));
    }
  }

  /** Where {@code closing} ends the tag, skipping quoted strings; -1 when it never does. */
  private int closeOf(int from, String closing) {
    char quote = 0;
    for (int i = from; i < source.length(); i++) {
      char c = source.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (source.startsWith(closing, i)) {
        return i;
      }
    }
    return -1;
  }
}
