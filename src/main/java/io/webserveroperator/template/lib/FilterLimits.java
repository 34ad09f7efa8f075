package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.lib.filter.Filter;
import io.webserveroperator.template.output.Slots;
import io.webserveroperator.template.python.Limits;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TextBudget;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Wraps every filter so that what it builds is bounded. Filters whose result grows with an argument
 * ({@code center(width)}, {@code format('%9999s')}, {@code replace('', long)}, {@code batch(n)},
 * ...) are refused before jinjava allocates, when their arguments ask for more than a template may
 * build at once; the text every filter returns counts toward the render's {@link TextBudget}.
 */
public final class FilterLimits {

  /** The most digits {@code round} keeps: more costs seconds that no time limit can stop. */
  static final int MAX_ROUND_DIGITS = 1_000;

  private static final Pattern FORMAT_SPEC =
      Pattern.compile("%(?:\\d+\\$)?[-#+ 0,(<]*(\\d+)?(?:\\.(\\d+))?[a-zA-Z%]");

  /** Reads a filter's arguments and refuses a result that would be too large. */
  @FunctionalInterface
  private interface Check {
    void check(String filter, Object value, Object[] args);
  }

  private static final Map<String, Check> CHECKS =
      Map.ofEntries(
          Map.entry("center", (f, v, a) -> text(f, Math.max(length(v), number(a, 0, 80)))),
          Map.entry("format", FilterLimits::format),
          Map.entry("replace", FilterLimits::replace),
          Map.entry("escape", (f, v, a) -> text(f, 6 * length(v))),
          Map.entry("e", (f, v, a) -> text(f, 6 * length(v))),
          Map.entry("forceescape", (f, v, a) -> text(f, 6 * length(v))),
          Map.entry("urlencode", (f, v, a) -> text(f, 9 * length(v))),
          Map.entry("batch", (f, v, a) -> items(f, number(a, 0, 0))),
          Map.entry("round", FilterLimits::round));

  private FilterLimits() {}

  /** Wraps every filter of the engine's global context; call once all filters are registered. */
  public static void register(Context global) {
    for (Filter filter : List.copyOf(global.getAllFilters())) {
      global.registerFilter(new Limited(filter, CHECKS.get(filter.getName())));
    }
  }

  private static void text(String filter, long characters) {
    TextBudget.refuseLarger(filter, characters);
  }

  private static void items(String filter, long count) {
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

  private static void format(String filter, Object value, Object[] args) {
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

  private static void replace(String filter, Object value, Object[] args) {
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

  private static void round(String filter, Object value, Object[] args) {
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

  /** A filter with its size check and its results counted. */
  /** The size check of one filter, and its result counted toward the render's text. */
  static final class Limited extends FilterLayer {

    private final Check check;

    Limited(Filter inner, Check check) {
      super(inner);
      this.check = check;
    }

    @Override
    Object before(Object var, Object[] args, Map<String, Object> kwargs) {
      if (check != null) {
        // As jinjava hands them to most filters: keyword arguments after the positional ones.
        Object[] all = Arrays.copyOf(args, args.length + kwargs.size(), Object[].class);
        System.arraycopy(kwargs.values().toArray(), 0, all, args.length, kwargs.size());
        check.check(getName(), var, all);
      }
      return var;
    }

    @Override
    Object after(Object result) {
      if (result instanceof CharSequence text) {
        Slots.require().budget().build(text.length());
      }
      return result;
    }
  }
}
