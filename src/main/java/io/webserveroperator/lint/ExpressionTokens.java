package io.webserveroperator.lint;

import java.util.ArrayList;
import java.util.List;

/**
 * A Jinja expression cut into tokens: names, string literals (unquoted), numbers and single
 * punctuation characters, each with its offset in the expression. Enough to follow attribute chains
 * such as {@code spec.ingress['host']} without evaluating anything.
 */
final class ExpressionTokens {

  /** The kinds of token. */
  enum Kind {
    NAME,
    STRING,
    NUMBER,
    SYMBOL
  }

  /**
   * One token.
   *
   * @param kind what it is
   * @param text a name, a string's content, a number, or one punctuation character
   * @param offset where it starts in the expression
   */
  record Token(Kind kind, String text, int offset) {

    boolean is(String symbol) {
      return kind == Kind.SYMBOL && text.equals(symbol);
    }

    boolean isName(String name) {
      return kind == Kind.NAME && text.equals(name);
    }
  }

  private ExpressionTokens() {}

  static List<Token> of(String expression) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    while (i < expression.length()) {
      char c = expression.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '\'' || c == '"') {
        StringBuilder text = new StringBuilder();
        int j = i + 1;
        while (j < expression.length() && expression.charAt(j) != c) {
          if (expression.charAt(j) == '\\' && j + 1 < expression.length()) {
            j++;
          }
          text.append(expression.charAt(j));
          j++;
        }
        tokens.add(new Token(Kind.STRING, text.toString(), i));
        i = j + 1;
      } else if (Character.isLetter(c) || c == '_') {
        int j = i;
        while (j < expression.length()
            && (Character.isLetterOrDigit(expression.charAt(j)) || expression.charAt(j) == '_')) {
          j++;
        }
        tokens.add(new Token(Kind.NAME, expression.substring(i, j), i));
        i = j;
      } else if (Character.isDigit(c)) {
        int j = i;
        while (j < expression.length()
            && (Character.isLetterOrDigit(expression.charAt(j)) || expression.charAt(j) == '.')) {
          j++;
        }
        tokens.add(new Token(Kind.NUMBER, expression.substring(i, j), i));
        i = j;
      } else {
        tokens.add(new Token(Kind.SYMBOL, String.valueOf(c), i));
        i++;
      }
    }
    return tokens;
  }
}
