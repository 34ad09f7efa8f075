package io.webserveroperator.template.syntax;

import io.webserveroperator.template.syntax.JinjaLexer.Kind;
import java.util.List;

/**
 * The rules Jinja2's lexer reads a tag's inside by ({@code tag_rules} in {@code jinja2/lexer.py}),
 * tried in its order at one position: whitespace, a float, an integer, a name, a string, an
 * operator (the longest that fits). Written by hand, since Jinja2's regular expressions would
 * recurse once per character in Java's engine.
 */
final class TagRules {

  /** Jinja2's operators, longest first, so that {@code **} is read before {@code *}. */
  private static final List<String> OPERATORS =
      List.of(
          "//", "**", "==", "!=", ">=", "<=", "+", "-", "/", "*", "%", "~", "[", "]", "(", ")", "{",
          "}", ">", "<", "=", ".", ":", "|", ",", ";");

  /**
   * What a rule read.
   *
   * @param kind the token's kind
   * @param end the index after it
   */
  record Match(Kind kind, int end) {}

  private TagRules() {}

  /** The token at {@code at}, or null when no rule reads one (Jinja2's "unexpected char"). */
  static Match at(String source, int at) {
    char c = source.charAt(at);
    if (isSpace(c)) {
      return new Match(Kind.WHITESPACE, spaceEnd(source, at));
    }
    if (c >= '0' && c <= '9') {
      JinjaNumber number = JinjaNumber.at(source, at);
      return new Match(number.isFloat() ? Kind.FLOAT : Kind.INTEGER, number.end());
    }
    if (isNamePart(c)) {
      int end = at + 1;
      while (end < source.length() && isNamePart(source.charAt(end))) {
        end++;
      }
      return new Match(Kind.NAME, end);
    }
    if (c == '\'' || c == '"') {
      int end = stringEnd(source, at);
      return end < 0 ? null : new Match(Kind.STRING, end);
    }
    for (String operator : OPERATORS) {
      if (source.startsWith(operator, at)) {
        return new Match(Kind.OPERATOR, at + operator.length());
      }
    }
    return null;
  }

  /** Python's {@code \s}, which Jinja2's whitespace rules and {@code str.rstrip} use. */
  static boolean isSpace(char c) {
    return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u0085';
  }

  /** The index after the whitespace from {@code at}. */
  static int spaceEnd(String source, int at) {
    int end = at;
    while (end < source.length() && isSpace(source.charAt(end))) {
      end++;
    }
    return end;
  }

  /** Python's {@code \w} and the identifier characters Jinja2's {@code name_re} adds. */
  private static boolean isNamePart(char c) {
    return Character.isUnicodeIdentifierPart(c) && !Character.isIdentifierIgnorable(c);
  }

  /** The index after the string whose quote is at {@code open}, or -1 when it never closes. */
  private static int stringEnd(String source, int open) {
    char quote = source.charAt(open);
    int i = open + 1;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == quote) {
        return i + 1;
      }
      i += c == '\\' ? 2 : 1;
    }
    return -1;
  }
}
