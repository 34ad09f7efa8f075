package io.webserveroperator.template.syntax;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Jinja2's lexer, as {@code Environment(trim_blocks=True).lex(source)} runs it: the one reading of
 * what a tag is that the engine ({@link TrimBlocks}, {@link ExpressionSplitter}) and lint share. A
 * template is text, {@code {{ expressions }}}, {@code {% statements %}}, {@code {# comments #}} and
 * {@code {% raw %}} blocks; inside a tag, whitespace, names, strings, numbers and operators, read
 * by Jinja2's rules ({@link TagRules}), so that a {@code %}} or {@code }}} in a string does not end
 * the tag, and a {@code }}} ends an expression only where its brackets are balanced. Whitespace
 * control is applied as Jinja2 applies it: a {@code -} after the opening delimiter strips the text
 * before (a {@link Kind#STRIPPED} token, which Jinja2 drops), a {@code -} before the closing one
 * takes the whitespace after into the end token, and so does trim_blocks with the first newline
 * after a statement or comment unless it ends with {@code +}. Line statements and line comments are
 * off, as in the engine. Stateless and thread-safe.
 */
public final class JinjaLexer {

  /** What a token is; the names are Jinja2's token types, but for the two Jinja2 has not. */
  public enum Kind {
    /** Template text, or the text of a raw block. */
    DATA,
    /** Whitespace before a tag whose opening delimiter has a {@code -}; not output. */
    STRIPPED,
    COMMENT_BEGIN,
    COMMENT,
    /** {@code #}}, with its sign and the whitespace it takes. */
    COMMENT_END,
    VARIABLE_BEGIN,
    /** {@code }}}, with its sign and the whitespace it takes. */
    VARIABLE_END,
    BLOCK_BEGIN,
    /** {@code %}}, with its sign and the whitespace it takes. */
    BLOCK_END,
    /** The whole {@code {% raw %}} tag. */
    RAW_BEGIN,
    /** The whole {@code {% endraw %}} tag, with the whitespace it takes. */
    RAW_END,
    WHITESPACE,
    NAME,
    /** A string literal, quotes included; {@link Token#value()} decodes it. */
    STRING,
    INTEGER,
    FLOAT,
    OPERATOR,
    /**
     * The rest of the source from where Jinja2's lexer stops with an error: an unclosed comment or
     * raw block, a character no rule reads, or a bracket closed by the wrong one. Always the last.
     */
    ERROR
  }

  /**
   * One token.
   *
   * @param kind what it is
   * @param text the source it covers
   * @param offset where it starts in the source
   * @param line the 1-based line it starts on
   */
  public record Token(Kind kind, String text, int offset, int line) {

    /** Whether this is the operator {@code operator}. */
    public boolean isOperator(String operator) {
      return kind == Kind.OPERATOR && text.equals(operator);
    }

    /** Whether this is the name {@code name}. */
    public boolean isName(String name) {
      return kind == Kind.NAME && text.equals(name);
    }

    /** A string's value, its escapes decoded as Jinja2 decodes them; else the text. */
    public String value() {
      return kind == Kind.STRING ? PythonScanner.valueOf(text) : text;
    }
  }

  private final String source;
  private final List<Token> tokens = new ArrayList<>();
  private final Deque<String> closers = new ArrayDeque<>();
  private int at;
  private int line = 1;

  private final Whitespace whitespace;

  /**
   * Jinja2's lexer options that decide which whitespace around tags is template text.
   *
   * @param trimBlocks {@code trim_blocks}: the first newline after a statement or comment goes
   * @param lstripBlocks {@code lstrip_blocks}: spaces from a line's start to a statement or comment
   *     go; the spaces it takes are a {@link Kind#STRIPPED} token
   */
  public record Whitespace(boolean trimBlocks, boolean lstripBlocks) {

    /** As the engine reads every template without an override header: trim_blocks only. */
    public static final Whitespace ENGINE = new Whitespace(true, false);
  }

  private JinjaLexer(String source, Whitespace whitespace) {
    this.source = source;
    this.whitespace = whitespace;
  }

  /** The tokens of a template, in source order, as the engine reads it. */
  public static List<Token> lex(String source) {
    return lex(source, Whitespace.ENGINE);
  }

  /** The tokens of a template, with the given whitespace options. */
  public static List<Token> lex(String source, Whitespace whitespace) {
    JinjaLexer lexer = new JinjaLexer(source, whitespace);
    lexer.template();
    return List.copyOf(lexer.tokens);
  }

  /** The tokens of a tag's inside (no delimiters), read by the rules of a tag. */
  static List<Token> lexTag(String text) {
    JinjaLexer lexer = new JinjaLexer(text, Whitespace.ENGINE);
    lexer.tagInside(null);
    return List.copyOf(lexer.tokens);
  }

  private void template() {
    while (at < source.length()) {
      int open = nextOpening();
      if (open < 0) {
        add(Kind.DATA, source.length());
        return;
      }
      boolean strip = source.startsWith("-", open + 2);
      add(Kind.DATA, strip ? rstrip(open) : lstrip(open));
      add(Kind.STRIPPED, open);
      int rawBegin = rawBeginEnd(open);
      int signed = open + 2 + (strip || source.startsWith("+", open + 2) ? 1 : 0);
      boolean stopped;
      if (rawBegin > 0) {
        add(Kind.RAW_BEGIN, rawBegin);
        stopped = raw();
      } else if (source.charAt(open + 1) == '#') {
        add(Kind.COMMENT_BEGIN, signed);
        stopped = comment();
      } else if (source.charAt(open + 1) == '{') {
        add(Kind.VARIABLE_BEGIN, signed);
        stopped = tagInside(Kind.VARIABLE_END);
      } else {
        add(Kind.BLOCK_BEGIN, signed);
        stopped = tagInside(Kind.BLOCK_END);
      }
      if (stopped) {
        return;
      }
    }
  }

  /** Where the next {@code {{}, {@code {%} or {@code {#} starts, or -1. */
  private int nextOpening() {
    for (int open = source.indexOf('{', at); open >= 0; open = source.indexOf('{', open + 1)) {
      if (open + 1 < source.length() && "{%#".indexOf(source.charAt(open + 1)) >= 0) {
        return open;
      }
    }
    return -1;
  }

  /** The comment after its begin token; true when it never ends. */
  private boolean comment() {
    int close = source.indexOf("#}", at);
    if (close < 0) {
      return error();
    }
    int end = close > at && "-+".indexOf(source.charAt(close - 1)) >= 0 ? close - 1 : close;
    add(Kind.COMMENT, end);
    char sign = source.charAt(end);
    int after = close + 2;
    add(
        Kind.COMMENT_END,
        sign == '-' ? TagRules.spaceEnd(source, after) : sign == '+' ? after : trimmed(after));
    return false;
  }

  /**
   * A tag's inside up to its {@code end} token (null: to the end of the source); true when a rule
   * fails. The end counts only where the brackets are balanced, as in Jinja2.
   */
  private boolean tagInside(Kind end) {
    closers.clear();
    while (at < source.length()) {
      int endsAt = closers.isEmpty() && end != null ? tagEnd(at, end) : -1;
      if (endsAt > 0) {
        add(end, endsAt);
        return false;
      }
      TagRules.Match match = TagRules.at(source, at);
      boolean operator = match != null && match.kind() == Kind.OPERATOR;
      if (match == null || operator && !balances(source.substring(at, match.end()))) {
        return error();
      }
      add(match.kind(), match.end());
    }
    return false;
  }

  /** Keeps track of brackets; false when {@code operator} closes the wrong one. */
  private boolean balances(String operator) {
    switch (operator) {
      case "(" -> closers.push(")");
      case "[" -> closers.push("]");
      case "{" -> closers.push("}");
      case ")", "]", "}" -> {
        return operator.equals(closers.poll());
      }
      default -> {}
    }
    return true;
  }

  /**
   * The index after the end delimiter of {@code end}'s kind at {@code from} and the whitespace it
   * takes, or -1 when none is there: {@code -} takes all the whitespace after it; a statement's end
   * without a sign takes one newline (trim_blocks), one with {@code +} none.
   */
  private int tagEnd(int from, Kind end) {
    boolean block = end == Kind.BLOCK_END;
    String delimiter = block ? "%}" : "}}";
    if (source.startsWith("-" + delimiter, from)) {
      return TagRules.spaceEnd(source, from + 3);
    }
    if (block && source.startsWith("+" + delimiter, from)) {
      return from + 3;
    }
    if (source.startsWith(delimiter, from)) {
      return block ? trimmed(from + 2) : from + 2;
    }
    return -1;
  }

  /**
   * A raw block's text and its end tag, after the begin tag; true when the end tag is missing. The
   * text is everything up to the first {@code {% endraw %}}, tags and strings alike.
   */
  private boolean raw() {
    for (int open = source.indexOf("{%", at); open >= 0; open = source.indexOf("{%", open + 1)) {
      int end = rawEnd(open);
      if (end > 0) {
        add(Kind.DATA, source.startsWith("-", open + 2) ? rstrip(open) : lstrip(open));
        add(Kind.STRIPPED, open);
        add(Kind.RAW_END, end);
        return false;
      }
    }
    return error();
  }

  /**
   * The index after a {@code {% raw %}} tag at {@code open}, or -1 when there is none. Unlike other
   * tags it takes no newline after a plain {@code %}}, and may not end with {@code +%}}.
   */
  private int rawBeginEnd(int open) {
    int close = afterWord(open, "raw");
    if (close < 0) {
      return -1;
    }
    if (source.startsWith("-%}", close)) {
      return TagRules.spaceEnd(source, close + 3);
    }
    return source.startsWith("%}", close) ? close + 2 : -1;
  }

  /** The index after a {@code {% endraw %}} tag at {@code open}, or -1 when there is none. */
  private int rawEnd(int open) {
    int close = afterWord(open, "endraw");
    return close < 0 ? -1 : tagEnd(close, Kind.BLOCK_END);
  }

  /** The index after {@code {%}, a sign, spaces, {@code word} and spaces at {@code open}, or -1. */
  private int afterWord(int open, String word) {
    if (!source.startsWith("{%", open)) {
      return -1;
    }
    int i = open + 2;
    if (i < source.length() && "-+".indexOf(source.charAt(i)) >= 0) {
      i++;
    }
    i = TagRules.spaceEnd(source, i);
    return source.startsWith(word, i) ? TagRules.spaceEnd(source, i + word.length()) : -1;
  }

  /**
   * The index after the newline ({@code \n}, {@code \r\n} or {@code \r}) at {@code from}, if any.
   */
  private int afterNewline(int from) {
    if (source.startsWith("\r\n", from)) {
      return from + 2;
    }
    return from < source.length() && "\r\n".indexOf(source.charAt(from)) >= 0 ? from + 1 : from;
  }

  /** With trim_blocks, the index after the newline at {@code from}, if any; else {@code from}. */
  private int trimmed(int from) {
    return whitespace.trimBlocks() ? afterNewline(from) : from;
  }

  /**
   * Where the text before the statement or comment at {@code open} ends, with lstrip_blocks: as in
   * Jinja2's lexer, the spaces from the last newline (or from the start, when the token before
   * ended a line) to the tag go, unless something else stands there or the tag has a {@code +}.
   */
  private int lstrip(int open) {
    if (!whitespace.lstripBlocks()
        || source.charAt(open + 1) == '{'
        || source.startsWith("+", open + 2)) {
      return open;
    }
    int lineStart = Math.max(source.lastIndexOf('\n', open - 1) + 1, at);
    boolean lineStarting = at == 0 || source.charAt(at - 1) == '\n';
    if (lineStart == at && !lineStarting) {
      return open;
    }
    for (int i = lineStart; i < open; i++) {
      if (!Character.isWhitespace(source.charAt(i))) {
        return open;
      }
    }
    return lineStart;
  }

  /** Where the text from {@link #at} to {@code end} ends without its trailing whitespace. */
  private int rstrip(int end) {
    int kept = end;
    while (kept > at && TagRules.isSpace(source.charAt(kept - 1))) {
      kept--;
    }
    return kept;
  }

  private boolean error() {
    add(Kind.ERROR, source.length());
    return true;
  }

  /** Adds the token from {@link #at} to {@code end}, unless it is empty, and moves past it. */
  private void add(Kind kind, int end) {
    if (end <= at) {
      return;
    }
    String text = source.substring(at, end);
    tokens.add(new Token(kind, text, at, line));
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      // \r\n, \r and \n are each one line break, as Jinja2 counts them.
      if (c == '\n' || c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n')) {
        line++;
      }
    }
    at = end;
  }
}
