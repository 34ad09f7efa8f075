package io.webserveroperator.template.syntax;

/**
 * A number literal as Jinja2's lexer reads it, by its {@code float_re} and then its {@code
 * integer_re}: digits with single underscores between them; a float has a fraction or an exponent,
 * unless it follows a dot ({@code x.0.1} is {@code x[0][1]}); an integer is {@code 0x}, {@code 0o},
 * {@code 0b} and its digits, or decimal without leading zeros. Scanned by hand, since a regular
 * expression would recurse once per digit. Shared by the template lexer ({@link JinjaLexer}) and
 * the expression scanner ({@link PythonScanner}), so that both end a number at the same place.
 *
 * @param isFloat whether the literal is a float
 * @param end the index after the literal
 */
record JinjaNumber(boolean isFloat, int end) {

  /** The number that starts with the digit at {@code start}. */
  static JinjaNumber at(String input, int start) {
    int end = digits(input, start, 10);
    boolean afterDot = start > 0 && input.charAt(start - 1) == '.';
    int fraction =
        end + 1 < input.length() && input.charAt(end) == '.' ? digits(input, end + 1, 10) : end + 1;
    int mantissa = afterDot || fraction == end + 1 ? end : fraction;
    int exponent = afterDot ? mantissa : exponent(input, mantissa);
    if (exponent > mantissa || mantissa > end) {
      return new JinjaNumber(true, exponent);
    }
    int radix = radix(input, start);
    if (radix != 10) {
      int prefixed = digits(input, start + 2, radix);
      if (prefixed > start + 2) {
        return new JinjaNumber(false, prefixed);
      }
    }
    if (input.charAt(start) == '0') {
      end = start + 1;
      while (end + 1 < input.length() && input.charAt(end) == '_' && input.charAt(end + 1) == '0'
          || end < input.length() && input.charAt(end) == '0') {
        end += input.charAt(end) == '_' ? 2 : 1;
      }
    }
    return new JinjaNumber(false, end);
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
}
