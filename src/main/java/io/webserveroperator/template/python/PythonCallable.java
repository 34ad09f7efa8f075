package io.webserveroperator.template.python;

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
public final class PythonCallable extends MacroFunction {

  private final transient Function<List<Object>, Object> body;

  public PythonCallable(String name, Function<List<Object>, Object> body) {
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
}
