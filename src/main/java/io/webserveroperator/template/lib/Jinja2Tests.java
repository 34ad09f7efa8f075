package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.objects.SafeString;
import io.webserveroperator.template.output.SerialFormat;
import io.webserveroperator.template.output.SerializedFragment;
import io.webserveroperator.template.python.PythonOperators;
import io.webserveroperator.template.python.PythonSequences;
import io.webserveroperator.template.python.PythonStrings;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.Undefined;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * Jinja2's tests where jinjava's differ: a bool is a number, strings and mappings are sequences and
 * iterable, {@code in} looks into strings and mappings, comparisons and {@code even}/{@code odd}
 * use Python's operators (no coercion: {@code '1' is eq 1} is false, {@code '5' is gt 3} an error),
 * {@code lower}/{@code upper} are Python's {@code islower}/{@code isupper}, and {@code callable},
 * {@code filter} and {@code test} exist.
 */
public final class Jinja2Tests {

  private Jinja2Tests() {}

  public static void register(Context context) {
    for (String name : List.of("==", "eq", "equalto")) {
      context.registerExpTest(test(name, (v, a) -> PythonOperators.equal(v, first(a))));
    }
    for (String name : List.of("!=", "ne")) {
      context.registerExpTest(test(name, (v, a) -> !PythonOperators.equal(v, first(a))));
    }
    for (String name : List.of("<", "lt", "lessthan")) {
      context.registerExpTest(test(name, (v, a) -> PythonOperators.compare(v, first(a)) < 0));
    }
    for (String name : List.of("<=", "le")) {
      context.registerExpTest(test(name, (v, a) -> PythonOperators.compare(v, first(a)) <= 0));
    }
    for (String name : List.of(">", "gt", "greaterthan")) {
      context.registerExpTest(test(name, (v, a) -> PythonOperators.compare(v, first(a)) > 0));
    }
    for (String name : List.of(">=", "ge")) {
      context.registerExpTest(test(name, (v, a) -> PythonOperators.compare(v, first(a)) >= 0));
    }
    // value % n, as Jinja2 computes it: a string is %-formatting, and fails.
    context.registerExpTest(test("even", (v, a) -> remainderIs(v, 2L, 0L)));
    context.registerExpTest(test("odd", (v, a) -> remainderIs(v, 2L, 1L)));
    context.registerExpTest(test("divisibleby", (v, a) -> remainderIs(v, first(a), 0L)));
    // str(value).islower(), so digits and other uncased characters do not count.
    context.registerExpTest(
        test("lower", (v, a) -> (Boolean) PythonStrings.call(PythonText.str(v), "islower", null)));
    context.registerExpTest(
        test("upper", (v, a) -> (Boolean) PythonStrings.call(PythonText.str(v), "isupper", null)));
    context.registerExpTest(test("number", (v, a) -> v instanceof Number || v instanceof Boolean));
    context.registerExpTest(test("sequence", (v, a) -> isContainer(v)));
    context.registerExpTest(test("iterable", (v, a) -> isContainer(v)));
    context.registerExpTest(
        test("in", (v, a) -> PythonOperators.contains(a.length > 0 ? a[0] : null, v)));
    // A missing value is callable in Jinja2 too (StrictUndefined has __call__), and so is what
    // the engine cannot name as a value: a method (d.get) or a global function (range).
    context.registerExpTest(
        test("callable", (v, a) -> v instanceof MacroFunction || v instanceof Undefined));
    // Jinja2's Markup: what escape, safe and tojson return.
    context.registerExpTest(
        test(
            "escaped",
            (v, a) ->
                v instanceof SafeString
                    || (v instanceof SerializedFragment json
                        && json.format() == SerialFormat.TOJSON)));
    context.registerExpTest(
        test(
            "filter",
            (v, a) ->
                JinjavaInterpreter.getCurrent().getContext().getAllFilters().stream()
                    .anyMatch(f -> f.getName().equals(String.valueOf(v)))));
    context.registerExpTest(
        test(
            "test",
            (v, a) ->
                JinjavaInterpreter.getCurrent().getContext().getAllExpTests().stream()
                    .anyMatch(t -> t.getName().equals(String.valueOf(v)))));
  }

  private static Object first(Object[] args) {
    if (args.length == 0) {
      throw new TemplateFailure("this test needs an argument, e.g. x is eq(1)");
    }
    return args[0];
  }

  private static boolean remainderIs(Object value, Object divisor, long remainder) {
    return PythonOperators.equal(PythonOperators.modulo(value, divisor), remainder);
  }

  private static boolean isContainer(Object value) {
    return value instanceof CharSequence || value instanceof Map || PythonSequences.isList(value);
  }

  private static ExpTest test(String name, BiPredicate<Object, Object[]> body) {
    return new ExpTest() {
      @Override
      public String getName() {
        return name;
      }

      @Override
      public boolean evaluate(Object var, JinjavaInterpreter interpreter, Object... args) {
        return body.test(var, args);
      }
    };
  }
}
