package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.python.Limits;
import io.webserveroperator.template.python.OutputBudget;
import io.webserveroperator.template.python.TemplateFailure;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The size limits of filters whose result grows with an argument ({@code center(width)}, {@code
 * format('%9999s')}, {@code replace('', long)}, {@code batch(n)}, ...): refused before jinjava
 * allocates, when their arguments ask for more than a template may build at once.
 */
final class SizeLimits {

  /** The most digits {@code round} keeps: more costs seconds that no time limit can stop. */
  static final int MAX_ROUND_DIGITS = 1_000;

  private static final Pattern FORMAT_SPEC =
      Pattern.compile("%(?:\\d+\\$)?[-#+ 0,(<]*(\\d+)?(?:\\.(\\d+))?[a-zA-Z%]");

  private SizeLimits() {}

  /** A result at most {@code factor} times as long as the value's text ({@code escape}). */
  static SizeLimit timesTheText(int factor) {
    return (filter, value, args) -> text(filter, factor * length(value));
  }

  static void center(String filter, Object value, Object[] args) {
    text(filter, Math.max(length(value), number(args, 0, 80)));
  }

  static void format(String filter, Object value, Object[] args) {
    String format = string(value);
    long size = format.length();
    Matcher spec = FORMAT_SPEC.matcher(format);
    while (spec.find()) {
      size += parse(spec.group(1)) + parse(spec.group(2));
    }
    for (Object arg : args) {
      size += length(arg);
    }
    text(filter, size);
  }

  static void replace(String filter, Object value, Object[] args) {
    if (args.length < 2) {
      return;
    }
    String text = string(value);
    String old = string(args[0]);
    long added = Math.max(0, length(args[1]) - old.length());
    long places = old.isEmpty() ? text.length() + 1L : count(text, old);
    if (args.length > 2) {
      places = Math.min(places, Math.max(0, number(args, 2, places)));
    }
    text(filter, text.length() + places * added);
  }

  static void batch(String filter, Object value, Object[] args) {
    long count = number(args, 0, 0);
    if (count > Limits.MAX_ITEMS) {
      throw new TemplateFailure(
          "the filter '"
              + filter
              + "' would build a list of "
              + count
              + " items; lists hold at most "
              + Limits.MAX_ITEMS);
    }
  }

  static void round(String filter, Object value, Object[] args) {
    long digits = number(args, 0, 0);
    if (digits > MAX_ROUND_DIGITS) {
      throw new TemplateFailure(
          "the filter '"
              + filter
              + "' would keep "
              + digits
              + " digits; it keeps at most "
              + MAX_ROUND_DIGITS);
    }
  }

  private static void text(String filter, long characters) {
    OutputBudget.refuseLarger(filter, characters);
  }

  private static long count(String text, String part) {
    long count = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
      count++;
    }
    return count;
  }

  /** A whole-number argument as jinjava reads it, or {@code fallback} where it reads none. */
  private static long number(Object[] args, int index, long fallback) {
    if (index >= args.length || args[index] == null) {
      return fallback;
    }
    if (args[index] instanceof Number n) {
      return n.longValue();
    }
    try {
      return Long.parseLong(args[index].toString().strip());
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  private static long parse(String digits) {
    return digits == null
        ? 0
        : Long.parseLong(digits.length() > 18 ? "999999999999999999" : digits);
  }

  private static long length(Object value) {
    return value instanceof CharSequence text ? text.length() : string(value).length();
  }

  private static String string(Object value) {
    return value == null ? "" : value.toString();
  }
}
