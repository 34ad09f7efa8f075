package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A Jinja2 function or method that the engine implements in Java, such as {@code loop.changed(x)}
 * or the {@code loop(children)} of a recursive for, or a joiner. A jinjava macro, because that is
 * what jinjava calls by name and what the sandbox lets a template call as a dict's entry; it takes
 * positional arguments only.
 */
final class PythonCallable extends MacroFunction {

  private final transient Function<List<Object>, Object> body;

  PythonCallable(String name, Function<List<Object>, Object> body) {
    super(List.of(), name, new LinkedHashMap<>(), false, null, 0, 0);
    this.body = body;
  }

  @Override
  public Object doEvaluate(
      Map<String, Object> argMap, Map<String, Object> kwargMap, List<Object> varArgs) {
    if (!kwargMap.isEmpty()) {
      throw new TemplateFailure(
          getName()
              + "() got an unexpected keyword argument '"
              + kwargMap.keySet().iterator().next()
              + "'");
    }
    return body.apply(varArgs);
  }

  @Override
  public MacroFunction cloneWithNewName(String name) {
    return new PythonCallable(name, body);
  }

  /**
   * After {@code {% set name = value %}} (the tag's {@code assignment}): makes a function value,
   * such as a joiner or a macro, callable by its new name ({@code name()}), since jinjava calls
   * only macros by name.
   */
  static void callableByName(String assignment, JinjavaInterpreter interpreter) {
    int equals = TopLevel.indexOf(assignment, "=");
    if (equals < 0) {
      return;
    }
    for (String name : TopLevel.split(assignment.substring(0, equals), ",")) {
      if (interpreter.getContext().get(name) instanceof MacroFunction function) {
        interpreter.getContext().addGlobalMacro(function.cloneWithNewName(name));
      }
    }
  }
}
