package io.webserveroperator.template;

import com.hubspot.jinjava.el.ext.NamedParameter;
import java.util.LinkedHashMap;
import java.util.Map;

/** Jinja2's global functions that jinjava lacks: {@code dict(a=1, b='x')}. */
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
}
