package io.webserveroperator.lint;

import io.webserveroperator.template.syntax.JinjaLexer;
import io.webserveroperator.template.syntax.JinjaLexer.Kind;
import io.webserveroperator.template.syntax.JinjaLexer.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * The code of one template: each {@code {{ expression }}} and {@code {% statement %}}, as the
 * engine's lexer reads them ({@link JinjaLexer}), so that lint and the engine agree on what a tag
 * is. Comments and {@code {% raw %}} blocks are skipped, and so is the text between tags: lint
 * reads what the template computes, whatever branch a sample takes.
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
   * @param tokens the tokens between the delimiters, whitespace left out
   * @param line the 1-based line the tag starts on
   */
  record Tag(Type type, List<Token> tokens, int line) {

    Tag {
      tokens = List.copyOf(tokens);
    }
  }

  private JinjaTags() {}

  /**
   * The tags of {@code source} in source order; an unclosed tag, and whatever follows where the
   * lexer stops, is left out (loading reports it).
   */
  static List<Tag> of(String source) {
    List<Tag> tags = new ArrayList<>();
    Token begin = null;
    List<Token> inside = new ArrayList<>();
    for (Token token : JinjaLexer.lex(source)) {
      switch (token.kind()) {
        case VARIABLE_BEGIN, BLOCK_BEGIN -> {
          begin = token;
          inside.clear();
        }
        case VARIABLE_END, BLOCK_END -> {
          Type type = token.kind() == Kind.VARIABLE_END ? Type.EXPRESSION : Type.STATEMENT;
          tags.add(new Tag(type, inside, begin.line()));
        }
        case NAME, STRING, INTEGER, FLOAT, OPERATOR -> inside.add(token);
        default -> {} // whitespace, text, comments, raw blocks
      }
    }
    return tags;
  }
}
