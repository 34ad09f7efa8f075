package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.filter.Filter;
import io.webserveroperator.template.python.Undefined;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Jinja2's {@code StrictUndefined} for filters and tests: {@code is defined}, {@code is undefined},
 * {@code default} and {@code required} look at an {@link Undefined} value, and every other filter,
 * and every test that reads the value, fails on it with its name instead of treating it as null
 * ({@code spec.portz | length} and {@code spec.portz is even} are errors, not 0 and false).
 */
public final class StrictUndefined {

  /** Filters that decide what to do with a missing value. */
  private static final Set<String> LENIENT_FILTERS = Set.of("default", "d", "required", "items");

  private StrictUndefined() {}

  /** Wraps every filter of the context but the lenient ones, and installs the two tests. */
  public static void install(Context context) {
    for (Filter filter : List.copyOf(context.getAllFilters())) {
      if (!LENIENT_FILTERS.contains(filter.getName())) {
        context.registerFilter(new Guarded(filter));
      }
    }
    for (String name : TESTS_THAT_READ_THE_VALUE) {
      ExpTest test = context.getExpTest(name);
      if (test != null) {
        context.registerExpTest(new GuardedTest(test));
      }
    }
    context.registerExpTest(new Defined("defined", true));
    context.registerExpTest(new Defined("undefined", false));
  }

  /**
   * Tests that use the value itself (compare, compute, iterate, print it), which fails on a missing
   * one in Jinja2; the others only ask its type or identity ({@code is none}, {@code is string})
   * and are false for it.
   */
  private static final List<String> TESTS_THAT_READ_THE_VALUE =
      List.of(
          "==",
          "!=",
          "<",
          "<=",
          ">",
          ">=",
          "eq",
          "equalto",
          "ne",
          "lt",
          "lessthan",
          "le",
          "gt",
          "greaterthan",
          "ge",
          "even",
          "odd",
          "divisibleby",
          "in",
          "iterable",
          "lower",
          "upper",
          "filter",
          "test");

  /** Whether a value is missing: null or a key the mapping does not have. */
  static boolean isMissing(Object value) {
    return value == null || value instanceof Undefined;
  }

  private static final class Guarded extends FilterLayer {

    Guarded(Filter inner) {
      super(inner);
    }

    @Override
    Object before(Object var, Object[] args, Map<String, Object> kwargs) {
      if (var instanceof Undefined undefined) {
        throw undefined.failure();
      }
      return var;
    }
  }

  private record GuardedTest(ExpTest test) implements ExpTest {

    @Override
    public String getName() {
      return test.getName();
    }

    @Override
    public boolean evaluate(Object var, JinjavaInterpreter interpreter, Object... args) {
      if (var instanceof Undefined undefined) {
        throw undefined.failure();
      }
      return test.evaluate(var, interpreter, args);
    }
  }

  private record Defined(String name, boolean defined) implements ExpTest {

    @Override
    public String getName() {
      return name;
    }

    @Override
    public boolean evaluate(Object var, JinjavaInterpreter interpreter, Object... args) {
      // None is defined, as in Jinja2: only a missing key or name is not.
      return !(var instanceof Undefined) == defined;
    }
  }
}
