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
   * A number as Jinja2's {@code float_re}, then its {@code integer_re}, read it: digits with single
   * underscores between them; a float has a fraction or an exponent, unless it follows a dot
   * ({@code x.0.1} is {@code x[0][1]}); an integer is {@code 0x}, {@code 0o}, {@code 0b} and its
   * digits, or decimal without leading zeros. Scanned by hand, since a regular expression would
   * recurse once per digit.
   */
  @Override
  protected Token nextNumber() throws ScanException {
    String input = getInput();
    int start = getPosition();
    if (input.charAt(start) == '.') {
      // Jinja2 has no .5: a dot before digits is an attribute, as in spec.ports.0.
      return fixed(Symbol.DOT);
    }
    int end = digits(input, start, 10);
    boolean afterDot = start > 0 && input.charAt(start - 1) == '.';
    int fraction =
        end + 1 < input.length() && input.charAt(end) == '.' ? digits(input, end + 1, 10) : end + 1;
    int mantissa = afterDot || fraction == end + 1 ? end : fraction;
    int exponent = afterDot ? mantissa : exponent(input, mantissa);
    if (exponent > mantissa || mantissa > end) {
      return token(Symbol.FLOAT, input.substring(start, exponent), exponent - start);
    }
    int radix = radix(input, start);
    if (radix != 10) {
      int prefixed = digits(input, start + 2, radix);
      if (prefixed > start + 2) {
        return token(Symbol.INTEGER, input.substring(start, prefixed), prefixed - start);
      }
    }
    if (input.charAt(start) == '0') {
      end = start + 1;
      while (end + 1 < input.length() && input.charAt(end) == '_' && input.charAt(end + 1) == '0'
          || end < input.length() && input.charAt(end) == '0') {
        end += input.charAt(end) == '_' ? 2 : 1;
      }
    }
    return token(Symbol.INTEGER, input.substring(start, end), end - start);
  }

  /** The base a {@code 0x}, {@code 0o} or {@code 0b} prefix at {@code at} gives, else 10. */
  private static int radix(String input, int at) {
    if (at + 1 >= input.length() || input.charAt(at) != '0') {
      return 10;
    }
    return switch (Character.toLowerCase(input.charAt(at + 1))) {
      case 'x' -> 16;
      case 'o' -> 8;
      case 'b' -> 2;
      default -> 10;
    };
  }

  /** Where digits of {@code radix}, single underscores between them, end; {@code from} if none. */
  private static int digits(String input, int from, int radix) {
    int end = from;
    int at = from;
    while (at < input.length()) {
      // Decimal digits have underscores only between them; 0x_1F may start with one.
      if (input.charAt(at) == '_' && (at > from || radix != 10)) {
        at++;
      }
      if (at >= input.length() || Character.digit(input.charAt(at), radix) < 0) {
        break;
      }
      end = ++at;
    }
    return end;
  }

  /** Where an exponent ({@code e}, a sign, digits) at {@code at} ends; {@code at} if none. */
  private static int exponent(String input, int at) {
    if (at >= input.length() || Character.toLowerCase(input.charAt(at)) != 'e') {
      return at;
    }
    int digits = at + 1;
    if (digits < input.length() && (input.charAt(digits) == '+' || input.charAt(digits) == '-')) {
      digits++;
    }
    int end = digits(input, digits, 10);
    return end > digits ? end : at;
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
