package io.webserveroperator.template.lib.filter;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import java.util.Map;

/**
 * What a filter computes from its value and arguments, positional and keyword, as Jinja2 passes
 * them. The interpreter is there for the few that look up other filters and tests ({@code map},
 * {@code select}).
 */
@FunctionalInterface
public interface FilterBody {

  Object apply(
      Object value, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs);

  /** A filter body that needs no interpreter: most of them. */
  @FunctionalInterface
  interface Plain {
    Object apply(Object value, Object[] args, Map<String, Object> kwargs);
  }
}
