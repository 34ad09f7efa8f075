package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.objects.SafeString;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * Jinja2's tests where jinjava's differ: a bool is a number, strings and mappings are sequences and
 * iterable, {@code in} looks into strings and mappings, and {@code callable}, {@code filter} and
 * {@code test} exist.
 */
final class Jinja2Tests {

  private Jinja2Tests() {}

  static void register(Context context) {
    context.registerExpTest(test("number", (v, a) -> v instanceof Number || v instanceof Boolean));
    context.registerExpTest(test("sequence", (v, a) -> isContainer(v)));
    context.registerExpTest(test("iterable", (v, a) -> isContainer(v)));
    context.registerExpTest(
        test("in", (v, a) -> PythonOperators.contains(a.length > 0 ? a[0] : null, v)));
    context.registerExpTest(test("callable", (v, a) -> v instanceof MacroFunction));
    // Jinja2's Markup: what escape, safe and tojson return.
    context.registerExpTest(
        test(
            "escaped",
            (v, a) ->
                v instanceof SafeString
                    || (v instanceof StructuredText json && json.format() == TextFormat.TOJSON)));
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

  private static boolean isContainer(Object value) {
    return value instanceof CharSequence || value instanceof Map || TextFormat.isList(value);
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
