package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.Filter;
import com.hubspot.jinjava.lib.fn.ELFunctionDefinition;
import java.util.List;
import java.util.Map;

/**
 * The jinjava filters and functions this engine turns off, each replaced by one that fails the
 * render and says why: {@code render} would evaluate data as a template, and randomness or a clock
 * would make the same resource render different objects from one reconcile to the next.
 *
 * <p>They are replaced rather than listed in jinjava's {@code withDisabled}: jinjava applies that
 * list only to contexts it builds itself, never to the contexts this engine renders with, nor to
 * the scopes a loop or macro opens.
 */
final class Disabled {

  private static final String NO_CLOCK =
      "templates have no clock, so that a resource renders the same objects every time";

  private static final Map<String, String> FILTERS =
      Map.ofEntries(
          Map.entry("render", "it would evaluate data as a template"),
          Map.entry("random", "a resource must render the same objects every time"),
          Map.entry("shuffle", "a resource must render the same objects every time"),
          Map.entry("between_times", NO_CLOCK),
          Map.entry("date", NO_CLOCK),
          Map.entry("datetimeformat", NO_CLOCK),
          Map.entry("format_date", NO_CLOCK),
          Map.entry("format_datetime", NO_CLOCK),
          Map.entry("format_time", NO_CLOCK),
          Map.entry("minus_time", NO_CLOCK),
          Map.entry("plus_time", NO_CLOCK),
          Map.entry("strtodate", NO_CLOCK),
          Map.entry("strtotime", NO_CLOCK),
          Map.entry("unixtimestamp", NO_CLOCK));

  private static final List<String> CLOCK_FUNCTIONS =
      List.of(
          "datetimeformat",
          "format_date",
          "format_datetime",
          "format_time",
          "now",
          "strtodate",
          "strtotime",
          "today",
          "unixtimestamp");

  private Disabled() {}

  /** Replaces every disabled filter and function on the engine's global context. */
  static void register(Context global) {
    FILTERS.forEach((name, reason) -> global.registerFilter(new Refused(name, reason)));
    for (String name : CLOCK_FUNCTIONS) {
      global.registerFunction(
          new ELFunctionDefinition("", name, Disabled.class, "clock", Object[].class));
    }
  }

  /** What every clock function does instead (an EL function cannot tell which name it has). */
  public static Object clock(Object... args) {
    throw new TemplateFailure(
        "the time functions ("
            + String.join(", ", CLOCK_FUNCTIONS)
            + ") are disabled: "
            + NO_CLOCK);
  }

  /** A filter that fails the render, naming itself and the reason. */
  private record Refused(String name, String reason) implements Filter {

    @Override
    public String getName() {
      return name;
    }

    @Override
    public Object filter(Object var, JinjavaInterpreter interpreter, String... args) {
      throw new TemplateFailure("the filter '" + name + "' is disabled: " + reason);
    }
  }
}
