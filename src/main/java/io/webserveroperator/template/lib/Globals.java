package io.webserveroperator.template.lib;

import com.hubspot.jinjava.el.ext.NamedParameter;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.objects.Namespace;
import io.webserveroperator.template.python.PythonCallable;
import io.webserveroperator.template.python.PythonSequences;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Jinja2's global functions that jinjava lacks: {@code dict(a=1, b='x')}, {@code joiner(sep)} and
 * {@code cycler(a, b, ...)}.
 */
public final class Globals {

  private Globals() {}

  /**
   * Python's {@code dict(mapping_or_pairs=None, **kwargs)}, for building a mapping in a template: a
   * mapping's entries or a list of key-value pairs first, then the keyword arguments.
   */
  public static Map<String, Object> dict(Object... arguments) {
    Map<String, Object> dict = new LinkedHashMap<>();
    boolean positional = false;
    for (Object argument : arguments) {
      if (argument instanceof NamedParameter named) {
        dict.put(named.getName(), named.getValue());
      } else if (positional) {
        throw new TemplateFailure("dict() takes at most one positional argument");
      } else {
        positional = true;
        putAll(dict, argument);
      }
    }
    return dict;
  }

  /**
   * Jinja2's {@code namespace(mapping=None, **kwargs)}: attributes a loop may change, none values
   * included (jinjava's drops them, which makes them undefined).
   */
  public static Namespace namespace(Object... arguments) {
    return new Namespace(dict(arguments));
  }

  /**
   * {@code caller()} where no {@code {% call %}} block gave the macro one: Jinja2's UndefinedError.
   * The name must exist as a function for {@code caller() if caller is defined} to parse at all.
   */
  public static Object noCaller(Object... arguments) {
    throw new TemplateFailure(
        "'caller' is undefined: the macro was not called from a {% call %} block");
  }

  private static void putAll(Map<String, Object> dict, Object source) {
    if (source instanceof Map<?, ?> map) {
      map.forEach((k, v) -> dict.put(String.valueOf(k), v));
      return;
    }
    if (!PythonSequences.isList(source)) {
      throw new TemplateFailure("'" + TypeNames.python(source) + "' object is not iterable");
    }
    int index = 0;
    for (Object item : PythonSequences.asList(source)) {
      if (!PythonSequences.isList(item) || PythonSequences.asList(item).size() != 2) {
        throw new TemplateFailure(
            "dictionary update sequence element #" + index + " is not a key-value pair");
      }
      dict.put(
          String.valueOf(PythonSequences.asList(item).get(0)), PythonSequences.asList(item).get(1));
      index++;
    }
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
