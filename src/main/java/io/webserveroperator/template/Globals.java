package io.webserveroperator.template;

import com.hubspot.jinjava.el.ext.NamedParameter;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Jinja2's global functions that jinjava lacks: {@code dict(a=1, b='x')}, {@code joiner(sep)} and
 * {@code cycler(a, b, ...)}.
 */
public final class Globals {

  private Globals() {}

  /** Python's {@code dict(**kwargs)}, for building a mapping in a template. */
  public static Map<String, Object> dict(Object... arguments) {
    Map<String, Object> dict = new LinkedHashMap<>();
    for (Object argument : arguments) {
      if (!(argument instanceof NamedParameter named)) {
        throw new TemplateFailure("dict() takes keyword arguments only, such as dict(a=1)");
      }
      dict.put(named.getName(), named.getValue());
    }
    return dict;
  }

  /**
   * Jinja2's {@code joiner(sep=', ')}: a function that returns nothing the first time it is called
   * and the separator every time after, to print between items.
   */
  public static MacroFunction joiner(Object... separator) {
    if (separator.length > 1) {
      throw new TemplateFailure("joiner() takes one separator, not " + separator.length);
    }
    Object between = separator.length == 0 ? ", " : separator[0];
    boolean[] called = {false};
    return new PythonCallable(
        "joiner",
        arguments -> {
          boolean first = !called[0];
          called[0] = true;
          return first ? "" : between;
        });
  }

  /** Jinja2's {@code cycler(a, b, ...)}. */
  public static Map<String, Object> cycler(Object... items) {
    return new Cycler(Arrays.asList(items));
  }
}
