package io.webserveroperator.template.syntax;

import io.webserveroperator.template.syntax.JinjaLexer.Token;

/**
 * Jinja2's whitespace control, applied to a template's source before jinjava reads it, as Jinja2's
 * lexer ({@link JinjaLexer}) applies it: {@code trim_blocks} (the first newline after a statement
 * or a comment is dropped, unless it ends with {@code +%}}), {@code lstrip_blocks} when a template
 * asks for it, and the {@code -} signs of every tag, comments and raw blocks included. jinjava gets
 * each tag without its signs, which it reads differently or not at all, and the whitespace they
 * drop moves into a comment ({@code %}{#\n#}}) rather than being deleted, so that jinjava still
 * counts its lines for error messages.
 */
public final class TrimBlocks {

  private final StringBuilder out;
  private Token previous;
  private boolean inExpression;
  private boolean inRaw;
  // Stripped before {%- endraw %}: a comment inside the raw block would print, so it goes after.
  private String strippedInRaw = "";

  private TrimBlocks(int length) {
    this.out = new StringBuilder(length + 64);
  }

  /** The source with Jinja2's whitespace control applied, in a form jinjava reads. */
  public static String apply(String source) {
    return apply(source, JinjaLexer.Whitespace.ENGINE);
  }

  /** The same with the given options, as an Ansible {@link OverrideHeader} sets them. */
  public static String apply(String source, JinjaLexer.Whitespace whitespace) {
    TrimBlocks trim = new TrimBlocks(source.length());
    for (Token token : JinjaLexer.lex(source, whitespace)) {
      trim.write(token);
      trim.previous = token;
    }
    return trim.out.toString();
  }

  private void write(Token token) {
    switch (token.kind()) {
      case STRIPPED -> {
        if (inRaw) {
          strippedInRaw = token.text();
        } else {
          hide(token.text());
        }
      }
      case COMMENT_BEGIN -> out.append("{#");
      case COMMENT_END -> close("#}", token);
      case BLOCK_BEGIN -> out.append("{%");
      case BLOCK_END -> close("%}", token);
      case VARIABLE_BEGIN -> {
        out.append("{{");
        inExpression = true;
      }
      case VARIABLE_END -> {
        if (closesBrace(previous)) {
          out.append(' ');
        }
        close("}}", token);
        inExpression = false;
      }
      case RAW_BEGIN -> {
        hide(after("%}", token));
        out.append("{% raw %}");
        inRaw = true;
      }
      case RAW_END -> {
        out.append("{% endraw %}");
        inRaw = false;
        hide(strippedInRaw);
        strippedInRaw = "";
        hide(after("%}", token));
      }
      case OPERATOR -> {
        if (token.text().equals("}") && closesBrace(previous)) {
          out.append(',');
        }
        out.append(token.text());
      }
      default -> out.append(token.text());
    }
  }

  /**
   * Whether {@code token} closes a dict in an expression. Jinja2 balances braces, so {@code {{ x |
   * default({'a': {'b': 1}}) }}} ends at the last {@code }}}; jinjava ends it at the first {@code
   * }}} (with or without spaces between), so a {@code }}} that closes two dicts goes to it as
   * {@code },}} (the outer dict's trailing comma, which Python allows), and one that closes a dict
   * right before the end as {@code } }}.
   */
  private boolean closesBrace(Token token) {
    return inExpression && token != null && token.isOperator("}");
  }

  /** The closing {@code delimiter}, without its sign; the whitespace the token takes, hidden. */
  private void close(String delimiter, Token token) {
    out.append(delimiter);
    hide(after(delimiter, token));
  }

  /** What {@code token} takes after its {@code delimiter}. */
  private static String after(String delimiter, Token token) {
    return token.text().substring(token.text().indexOf(delimiter) + delimiter.length());
  }

  /** Whitespace that Jinja2 drops, kept in a comment so that jinjava still counts its lines. */
  private void hide(String space) {
    if (!space.isEmpty()) {
      out.append("{#").append(space).append("#}");
    }
  }
}
