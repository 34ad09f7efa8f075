package io.webserveroperator.template.syntax;

import io.webserveroperator.template.syntax.JinjaLexer.Kind;
import io.webserveroperator.template.syntax.JinjaLexer.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a tag's text where Jinja2's grammar acts on it: at an operator or keyword outside brackets
 * and strings ({@code a, b = f(x, y)} has one top-level {@code ,} before the {@code =}), read by
 * the template lexer's rules ({@link JinjaLexer}), so that {@code ==} is no {@code =} and a quoted
 * {@code ","} no comma.
 */
public final class ExpressionSplitter {

  private ExpressionSplitter() {}

  /**
   * Where the first top-level {@code token} (an operator such as {@code =}, or a keyword such as
   * {@code if}) starts, or -1.
   */
  public static int indexOf(String text, String token) {
    List<Integer> found = positions(text, token);
    return found.isEmpty() ? -1 : found.get(0);
  }

  /** The parts of {@code text} between top-level {@code separator} operators, stripped. */
  public static List<String> split(String text, String separator) {
    List<String> parts = new ArrayList<>();
    int start = 0;
    for (int at : positions(text, separator)) {
      parts.add(text.substring(start, at).strip());
      start = at + separator.length();
    }
    if (!text.substring(start).isBlank()) {
      parts.add(text.substring(start).strip());
    }
    return parts;
  }

  /** Where {@code wanted} occurs as a token outside brackets; none after a lexing error. */
  private static List<Integer> positions(String text, String wanted) {
    List<Integer> found = new ArrayList<>();
    int depth = 0;
    for (Token token : JinjaLexer.lexTag(text)) {
      if (token.kind() == Kind.OPERATOR && "([{".contains(token.text())) {
        depth++;
      } else if (token.kind() == Kind.OPERATOR && ")]}".contains(token.text())) {
        depth--;
      } else if (depth == 0
          && token.text().equals(wanted)
          && (token.kind() == Kind.OPERATOR || token.kind() == Kind.NAME)) {
        found.add(token.offset());
      }
    }
    return found;
  }
}
