package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.Filter;
import java.util.Map;

/**
 * One layer the engine puts around a filter: strict undefined, fragments as text, Jinja2's
 * signatures, size limits. Each checks the call or changes the value before the filter it wraps,
 * and may look at the result after. Public, as jinjava calls the outermost layer by reflection and,
 * for a class that is not public, looks the method up again on every call.
 */
public abstract class FilterLayer implements Filter {

  private final Filter inner;

  FilterLayer(Filter inner) {
    this.inner = inner;
  }

  /** Checks the call, or gives the value the inner filter gets instead of {@code var}. */
  abstract Object before(Object var, Object[] args, Map<String, Object> kwargs);

  /** What the layer makes of the inner filter's result: the result itself, unless it says. */
  Object after(Object result) {
    return result;
  }

  @Override
  public final String getName() {
    return inner.getName();
  }

  @Override
  public final Object filter(Object var, JinjavaInterpreter interpreter, String... args) {
    return after(inner.filter(before(var, args, Map.of()), interpreter, args));
  }

  @Override
  public final Object filter(
      Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
    return after(inner.filter(before(var, args, kwargs), interpreter, args, kwargs));
  }

  @Override
  public final boolean preserveSafeString() {
    return inner.preserveSafeString();
  }
}
