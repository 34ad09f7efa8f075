package io.webserveroperator.template.sandbox;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.filter.Filter;
import com.hubspot.jinjava.lib.fn.ELFunctionDefinition;
import io.webserveroperator.template.lib.filter.FilterCatalog;
import io.webserveroperator.template.lib.filter.FilterSpec;
import io.webserveroperator.template.python.TemplateFailure;
import java.util.List;
import java.util.Map;

/**
 * The jinjava filters, tests and functions this engine turns off, each replaced by one that fails
 * the render and says why. Every jinjava filter the {@link FilterCatalog} does not name is refused:
 * {@code render} would evaluate data as a template, randomness or a clock would make the same
 * resource render different objects from one reconcile to the next, and the rest are jinjava's own,
 * which Jinja2 does not have: a template that uses them would not mean the same in Jinja2, and
 * their semantics (Java regular expressions, for one) differ from what a Jinja or Ansible author
 * expects. Templates have Jinja2's names and the engine's own (docs/templates.md).
 *
 * <p>They are replaced rather than listed in jinjava's {@code withDisabled}: jinjava applies that
 * list only to contexts it builds itself, never to the contexts this engine renders with, nor to
 * the scopes a loop or macro opens.
 */
public final class RefusedNames {

  private static final String NO_CLOCK =
      "templates have no clock, so that a resource renders the same objects every time";

  /** Filters refused for a reason of their own; jinjava's others, for not being Jinja2's. */
  static final Map<String, String> REASONS =
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

  private static final String NOT_JINJA2 =
      "it is jinjava's, and Jinja2 has no such filter (docs/templates.md lists the filters)";

  /** What to write instead of some of jinjava's filters that Jinja2 does not have. */
  static final Map<String, String> ADVICE =
      Map.ofEntries(
          Map.entry("add", "write a + b"),
          Map.entry("bool", "compare instead, e.g. x in ['true', 'yes']"),
          Map.entry("cut", "write x | replace('a', '')"),
          Map.entry("divide", "write a / b"),
          Map.entry("divisible", "write x is divisibleby(n)"),
          Map.entry("escapejson", "write x | tojson"),
          Map.entry("md5", "write x | sha256"),
          Map.entry("multiply", "write a * b"),
          Map.entry("regex_replace", "write x | replace('a', 'b')"),
          Map.entry("root", "write x ** (1 / n)"),
          Map.entry("split", "write x.split(',')"),
          Map.entry("truncatehtml", "write x | truncate(n)"),
          Map.entry("union", "write (a + b) | unique | list"));

  /** jinjava's tests that Jinja2 does not have. */
  private static final List<String> JINJAVA_TESTS =
      List.of(
          "containing",
          "containingall",
          "string_containing",
          "string_startingwith",
          "truthy",
          "within");

  /** jinjava's global functions that Jinja2 does not have. */
  private static final List<String> JINJAVA_FUNCTIONS =
      List.of("immutable_list", "list", "map_entry", "truncate", "type");

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

  private RefusedNames() {}

  /**
   * A filter that fails the render for each of jinjava's that the catalog does not name; call
   * before the catalog's filters replace jinjava's.
   */
  public static List<FilterSpec> refusedFilters(Context global) {
    return global.getAllFilters().stream()
        .map(Filter::getName)
        .filter(name -> !FilterCatalog.names().contains(name))
        .sorted()
        .map(name -> refused(name, reason(name)))
        .toList();
  }

  static String reason(String filter) {
    String reason = REASONS.get(filter);
    if (reason != null) {
      return reason;
    }
    String advice = ADVICE.get(filter);
    return advice == null ? NOT_JINJA2 : NOT_JINJA2 + "; " + advice;
  }

  private static FilterSpec refused(String name, String reason) {
    return FilterSpec.of(
            name,
            "Refused: " + reason + ".",
            (value, args, kwargs) -> {
              throw new TemplateFailure("the filter '" + name + "' is disabled: " + reason);
            })
        .takesAnyArguments();
  }

  /** Replaces every disabled test and function on the engine's global context. */
  public static void register(Context global) {
    JINJAVA_TESTS.forEach(name -> global.registerExpTest(new RefusedTest(name)));
    for (String name : CLOCK_FUNCTIONS) {
      global.registerFunction(
          new ELFunctionDefinition("", name, RefusedNames.class, "clock", Object[].class));
    }
    for (String name : JINJAVA_FUNCTIONS) {
      global.registerFunction(
          new ELFunctionDefinition(
              "", name, RefusedNames.class, "jinjavaFunction", Object[].class));
    }
  }

  /** What every jinjava-only function does instead. */
  public static Object jinjavaFunction(Object... args) {
    throw new TemplateFailure(
        "the functions "
            + String.join(", ", JINJAVA_FUNCTIONS)
            + " are jinjava's, and Jinja2 has none of them; Jinja2's are range, dict, namespace,"
            + " joiner and cycler");
  }

  /** What every clock function does instead (an EL function cannot tell which name it has). */
  public static Object clock(Object... args) {
    throw new TemplateFailure(
        "the time functions ("
            + String.join(", ", CLOCK_FUNCTIONS)
            + ") are disabled: "
            + NO_CLOCK);
  }

  /** A test that fails the render, naming itself. */
  private record RefusedTest(String name) implements ExpTest {

    @Override
    public String getName() {
      return name;
    }

    @Override
    public boolean evaluate(Object var, JinjavaInterpreter interpreter, Object... args) {
      throw new TemplateFailure(
          "no test named '" + name + "': it is jinjava's, and Jinja2 has no such test");
    }
  }
}
