package io.webserveroperator.template.lib;

import io.webserveroperator.template.python.Limits;
import io.webserveroperator.template.python.PythonRange;
import io.webserveroperator.template.python.TemplateFailure;

/**
 * {@code range()} that fails instead of silently cutting a range short: jinjava's own stops at its
 * limit, so {@code range(10**9)} would render 10,000 iterations as if nothing were wrong.
 */
public final class Ranges {

  private Ranges() {}

  /** Python's {@code range(stop)}, {@code range(start, stop)}, {@code range(start, stop, step)}. */
  public static PythonRange range(Object first, Object... more) {
    long start = 0;
    long stop;
    long step = 1;
    if (more == null || more.length == 0) {
      stop = number(first);
    } else {
      start = number(first);
      stop = number(more[0]);
      step = more.length > 1 ? number(more[1]) : 1;
    }
    if (step == 0) {
      throw new TemplateFailure("range() step must not be zero");
    }
    double items = Math.ceil(((double) stop - start) / step);
    if (items > Limits.MAX_ITEMS) {
      throw new TemplateFailure(
          String.format(
              "range() would produce %.0f items; templates may loop over at most %d",
              items, Limits.MAX_ITEMS));
    }
    return new PythonRange(start, stop, step);
  }

  private static long number(Object value) {
    if (value instanceof Number number) {
      return number.longValue();
    }
    try {
      return Long.parseLong(String.valueOf(value).strip());
    } catch (NumberFormatException e) {
      throw new TemplateFailure("range() takes whole numbers, not '" + value + "'");
    }
  }
}
