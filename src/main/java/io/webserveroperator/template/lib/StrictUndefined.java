package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import io.webserveroperator.template.python.Undefined;
import java.util.List;

/**
 * Jinja2's {@code StrictUndefined} for tests: {@code is defined} and {@code is undefined} look at
 * an {@link Undefined} value, and every test that reads the value fails on it with its name instead
 * of treating it as null ({@code spec.portz is even} is an error, not false). Filters get the same
 * from their first stage ({@code FilterStage.STRICT_UNDEFINED}).
 */
public final class StrictUndefined {

  private StrictUndefined() {}

  /** Wraps every test of the context that reads the value, and installs the two tests. */
  public static void install(Context context) {
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
