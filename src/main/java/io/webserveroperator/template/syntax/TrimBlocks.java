package io.webserveroperator.template.syntax;

/**
 * Jinja2's {@code trim_blocks} and {@code lstrip_blocks}, applied to a template's source before
 * jinjava reads it: the first newline after a block tag or a comment is dropped, unless the tag
 * ends with {@code +%}}; with lstrip_blocks, the spaces and tabs from a line's start to a block tag
 * or comment, unless it starts with {@code {%+}. Only real tags count, as Jinja2's lexer sees them:
 * not a {@code %}} in plain text, in a string inside a tag, or inside {@code {% raw %}}. The
 * newline moves into a comment ({@code %}{#\n#}}) rather than being deleted, so that jinjava still
 * counts it for the line numbers in error messages.
 */
public final class TrimBlocks {

  private final String source;
  private final boolean trimBlocks;
  private final boolean lstripBlocks;
  private final StringBuilder out;
  private int at;

  /** Where the last tag, as Jinja2's lexer matched it, ended; lstrip_blocks looks back to it. */
  private int tokenEnd;

  private TrimBlocks(String source, boolean trimBlocks, boolean lstripBlocks) {
    this.source = source;
    this.trimBlocks = trimBlocks;
    this.lstripBlocks = lstripBlocks;
    this.out = new StringBuilder(source.length() + 64);
  }

  /** The source with trim_blocks applied; {@code +%}} becomes {@code %}}, which jinjava reads. */
  public static String apply(String source) {
    return apply(source, true, false);
  }

  /** The source with the given options, as an Ansible {@link OverrideHeader} sets them. */
  public static String apply(String source, boolean trimBlocks, boolean lstripBlocks) {
    return new TrimBlocks(source, trimBlocks, lstripBlocks).scan();
  }

  private String scan() {
    while (at < source.length()) {
      int open = source.indexOf('{', at);
      if (open < 0 || open + 1 >= source.length()) {
        break;
      }
      char kind = source.charAt(open + 1);
      if (kind == '{') {
        expression(open);
        tokenEnd = at;
      } else if (kind == '#') {
        comment(open);
        tokenEnd = at;
      } else if (kind == '%') {
        block(open);
        tokenEnd = at;
      } else {
        copyTo(open + 1);
      }
    }
    out.append(source, at, source.length());
    return out.toString();
  }

  /**
   * A comment from {@code open}. jinjava has no whitespace control on comments, so the whitespace
   * that {@code {#-} and {@code -#}} remove moves into comments of its own.
   */
  private void comment(int open) {
    skipIndent(open);
    copyTo(open);
    int close = source.indexOf("#}", open + 2);
    if (close < 0) {
      copyTo(source.length());
      return;
    }
    boolean dashBefore = source.startsWith("-", open + 2);
    if (dashBefore) {
      hide(takeTrailingSpace());
    }
    // The comment goes to jinjava without its signs: the whitespace they remove is removed here.
    int start = open + 2 + (dashBefore ? 1 : 0);
    boolean dashAfter = source.charAt(close - 1) == '-' && close - 1 >= start;
    boolean keepNewline = source.charAt(close - 1) == '+';
    int end = dashAfter || keepNewline ? close - 1 : close;
    out.append("{#").append(source, start, Math.max(start, end)).append("#}");
    at = close + 2;
    if (dashAfter) {
      hide(takeLeadingSpace());
    } else if (!keepNewline) {
      trimNewline();
    }
  }

  /** Removes the whitespace the output ends with, and returns it. */
  private String takeTrailingSpace() {
    int text = out.length();
    while (text > 0 && Character.isWhitespace(out.charAt(text - 1))) {
      text--;
    }
    String space = out.substring(text);
    out.setLength(text);
    return space;
  }

  /** Skips the whitespace that follows in the source, and returns it. */
  private String takeLeadingSpace() {
    int text = at;
    while (text < source.length() && Character.isWhitespace(source.charAt(text))) {
      text++;
    }
    String space = source.substring(at, text);
    at = text;
    return space;
  }

  /** Whitespace that Jinja2 drops, kept in a comment so that jinjava still counts its lines. */
  private void hide(String space) {
    if (!space.isEmpty()) {
      out.append("{#").append(space).append("#}");
    }
  }

  /**
   * An expression from {@code open}. Jinja2 balances braces, so {@code {{ x | default({'a': {'b':
   * 1}}) }}} ends at the last {@code }}}; jinjava ends it at the first {@code }} (with or without
   * spaces between), so a {@code }}} that closes two dict literals goes to it as {@code },}}, and
   * one that closes a dict right before the end as {@code } }}.
   */
  private void expression(int open) {
    int i = open + 2;
    int depth = 0;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '\'' || c == '"') {
        i = afterString(i, c);
        continue;
      }
      if (c == '{') {
        depth++;
      } else if (c == '}' && depth == 0 && source.startsWith("}}", i)) {
        copyTo(i + 2);
        return;
      } else if (c == '}') {
        depth--;
        if (source.startsWith("}", i + 1)) {
          copyTo(i + 1);
          // Inside another dict, its trailing comma (Python allows one); else a space before }}.
          out.append(depth > 0 ? ',' : ' ');
        }
      }
      i++;
    }
    copyTo(source.length());
  }

  /** A block tag from {@code open}; {@code raw} keeps everything up to its {@code endraw}. */
  private void block(int open) {
    int close = endOf(open + 2, "%}");
    if (close > source.length() || !source.startsWith("%}", close - 2)) {
      copyTo(source.length());
      return;
    }
    skipIndent(open);
    if ("raw".equals(tagName(open + 2))) {
      raw(open, close);
      return;
    }
    if (source.startsWith("+", open + 2)) {
      copyTo(open + 2); // {%+ only turns off lstrip_blocks, which is off
      at++;
    }
    char modifier = source.charAt(close - 3);
    if (modifier == '+') {
      copyTo(close - 3);
      at = close - 2;
      copyTo(close);
      return;
    }
    copyTo(close);
    if (modifier != '-') {
      trimNewline();
    }
  }

  /**
   * {@code {% raw %}} to its {@code {% endraw %}}, whose content is text. jinjava knows neither tag
   * with whitespace control signs, so both go to it without them and the whitespace the signs
   * remove is removed here; the endraw tag is trimmed as any other tag.
   */
  private void raw(int open, int close) {
    copyTo(open);
    if (source.startsWith("-", open + 2)) {
      hide(takeTrailingSpace());
    }
    at = close;
    if (source.charAt(close - 3) == '-') {
      hide(takeLeadingSpace());
    }
    out.append("{% raw %}");
    tokenEnd = at;
    int endRaw = endRaw(at);
    if (endRaw < 0) {
      copyTo(source.length());
      return;
    }
    skipIndent(endRaw);
    copyTo(endRaw);
    String before = source.startsWith("-", endRaw + 2) ? takeTrailingSpace() : "";
    int endClose = endOf(endRaw + 2, "%}");
    char modifier = source.charAt(endClose - 3);
    out.append("{% endraw %}");
    hide(before);
    at = endClose;
    if (modifier == '-') {
      hide(takeLeadingSpace());
    } else if (modifier != '+') {
      trimNewline();
    }
  }

  /** The name of the tag whose text starts at {@code from}, after its whitespace control sign. */
  private String tagName(int from) {
    int i = from;
    if (i < source.length() && (source.charAt(i) == '-' || source.charAt(i) == '+')) {
      i++;
    }
    while (i < source.length() && Character.isWhitespace(source.charAt(i))) {
      i++;
    }
    int start = i;
    while (i < source.length() && Character.isLetterOrDigit(source.charAt(i))) {
      i++;
    }
    return source.substring(start, i);
  }

  /** Where the {@code {% endraw %}} after {@code from} starts, or -1. */
  private int endRaw(int from) {
    int open = source.indexOf("{%", from);
    while (open >= 0) {
      if ("endraw".equals(tagName(open + 2))) {
        return open;
      }
      open = source.indexOf("{%", open + 2);
    }
    return -1;
  }

  /** The index after {@code end}, skipping quoted strings as Jinja2's lexer does inside a tag. */
  private int endOf(int from, String end) {
    int i = from;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '\'' || c == '"') {
        i = afterString(i, c);
      } else if (source.startsWith(end, i)) {
        return i + end.length();
      } else {
        i++;
      }
    }
    return source.length();
  }

  private int afterString(int open, char quote) {
    int i = open + 1;
    while (i < source.length() && source.charAt(i) != quote) {
      i += source.charAt(i) == '\\' ? 2 : 1;
    }
    return Math.min(source.length(), i + 1);
  }

  /**
   * lstrip_blocks before the tag at {@code open}, as Jinja2's lexer does it: the text since the
   * last tag is stripped back to its last newline, or wholly when that tag ended a line, if only
   * whitespace is left there. Those spaces do not count for any line number, so they simply go.
   */
  private void skipIndent(int open) {
    char sign = open + 2 < source.length() ? source.charAt(open + 2) : ' ';
    if (!lstripBlocks || sign == '+' || sign == '-') {
      return;
    }
    int lineStart = source.lastIndexOf('\n', open - 1) + 1;
    boolean lineStarting = tokenEnd == 0 || source.charAt(tokenEnd - 1) == '\n';
    if (lineStart <= tokenEnd && !lineStarting) {
      return;
    }
    int from = Math.max(lineStart, tokenEnd);
    for (int i = from; i < open; i++) {
      if (!Character.isWhitespace(source.charAt(i))) {
        return;
      }
    }
    copyTo(from);
    at = open;
  }

  private void trimNewline() {
    if (!trimBlocks) {
      return;
    }
    int length = source.startsWith("\n", at) ? 1 : source.startsWith("\r\n", at) ? 2 : 0;
    hide(source.substring(at, at + length));
    at += length;
  }

  private void copyTo(int end) {
    out.append(source, at, end);
    at = end;
  }
}
