package io.webserveroperator.template.syntax;

import com.hubspot.jinjava.el.ext.ExtendedScanner;

/**
 * jinjava's scanner with Jinja2's literals: numbers as Jinja2's lexer reads them ({@code 1_000},
 * {@code 0x1F}, {@code 0o17}, {@code 0b101}, {@code 1_0.5e3}) and string escapes as Python's {@code
 * unicode_escape} decodes them ({@code \u00e9}, {@code \x41}, {@code \N{BULLET}}, {@code \101}; an
 * unknown escape such as {@code \q} stays as written).
 */
final class PythonScanner extends ExtendedScanner {

  PythonScanner(String input) {
    super(input);
  }

  /**
   * The value of a string literal (quotes included) as Jinja2 reads it, escapes decoded; the
   * literal as written when it does not decode.
   */
  static String valueOf(String literal) {
    try {
      return new PythonScanner(literal).nextString().getImage();
    } catch (ScanException undecodable) {
      return literal;
    }
  }

  /** A number as Jinja2's lexer reads it ({@link JinjaNumber}); a dot before digits is a dot. */
  @Override
  protected Token nextNumber() throws ScanException {
    String input = getInput();
    int start = getPosition();
    if (input.charAt(start) == '.') {
      // Jinja2 has no .5: a dot before digits is an attribute, as in spec.ports.0.
      return fixed(Symbol.DOT);
    }
    JinjaNumber number = JinjaNumber.at(input, start);
    return token(
        number.isFloat() ? Symbol.FLOAT : Symbol.INTEGER,
        input.substring(start, number.end()),
        number.end() - start);
  }

  @Override
  protected Token nextString() throws ScanException {
    builder.setLength(0);
    String input = getInput();
    int start = getPosition();
    char quote = input.charAt(start);
    int i = start + 1;
    while (i < input.length()) {
      char c = input.charAt(i++);
      if (c == quote) {
        return token(Symbol.STRING, builder.toString(), i - start);
      }
      if (c != '\\') {
        builder.append(c);
      } else if (i == input.length()) {
        break;
      } else {
        i = escape(input, i);
      }
    }
    throw new ScanException(start, "unterminated string", String.valueOf(quote));
  }

  /** Appends the escape whose letter is at {@code at}; returns where the text goes on. */
  private int escape(String input, int at) throws ScanException {
    char c = input.charAt(at);
    switch (c) {
      case '\n' -> {} // a line continuation
      case '\\', '\'', '"' -> builder.append(c);
      case 'a' -> builder.append('\u0007');
      case 'b' -> builder.append('\b');
      case 'f' -> builder.append('\f');
      case 'n' -> builder.append('\n');
      case 'r' -> builder.append('\r');
      case 't' -> builder.append('\t');
      case 'v' -> builder.append('\u000b');
      case 'x' -> {
        return hex(input, at + 1, 2, "truncated \\xXX escape");
      }
      case 'u' -> {
        return hex(input, at + 1, 4, "truncated \\uXXXX escape");
      }
      case 'U' -> {
        return hex(input, at + 1, 8, "truncated \\UXXXXXXXX escape");
      }
      case 'N' -> {
        return named(input, at + 1);
      }
      default -> {
        if (c >= '0' && c <= '7') {
          return octal(input, at);
        }
        // Python keeps an unknown escape; Jinja2 hands it non-ASCII text as \x.. escapes first.
        int point = input.codePointAt(at);
        builder.append('\\');
        if (point < 0x80) {
          builder.append(c);
        } else {
          String form = point < 0x100 ? "\\x%02x" : point < 0x10000 ? "\\u%04x" : "\\U%08x";
          builder.append(form.formatted(point));
        }
        return at + Character.charCount(point);
      }
    }
    return at + 1;
  }

  private int hex(String input, int from, int digits, String truncated) throws ScanException {
    int end = from + digits;
    if (end > input.length() || !input.substring(from, end).matches("[0-9a-fA-F]+")) {
      throw new ScanException(from, truncated, digits + " hex digits");
    }
    int code = Integer.parseUnsignedInt(input.substring(from, end), 16);
    if (code < 0 || code > Character.MAX_CODE_POINT) {
      throw new ScanException(from, "illegal Unicode character", "at most \\U0010ffff");
    }
    builder.appendCodePoint(code);
    return end;
  }

  private int octal(String input, int from) {
    int end = from;
    while (end < input.length()
        && end < from + 3
        && input.charAt(end) >= '0'
        && input.charAt(end) <= '7') {
      end++;
    }
    builder.appendCodePoint(Integer.parseInt(input.substring(from, end), 8));
    return end;
  }

  private int named(String input, int from) throws ScanException {
    int close = input.indexOf('}', from);
    if (from >= input.length() || input.charAt(from) != '{' || close < 0) {
      throw new ScanException(from, "malformed \\N character escape", "\\N{name}");
    }
    try {
      builder.appendCodePoint(Character.codePointOf(input.substring(from + 1, close)));
    } catch (IllegalArgumentException unknown) {
      throw new ScanException(from, "unknown Unicode character name", "a Unicode name");
    }
    return close + 1;
  }
}
