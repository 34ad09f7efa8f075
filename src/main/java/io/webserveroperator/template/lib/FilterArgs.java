package io.webserveroperator.template.lib;

import io.webserveroperator.template.python.TemplateFailure;
import java.util.Map;

/** A filter's arguments as Jinja2 passes them: by position, or by keyword. */
final class FilterArgs {

  private FilterArgs() {}

  /** The argument at {@code index}, or the keyword {@code name}; null when neither is given. */
  static Object get(Object[] args, Map<String, Object> kwargs, int index, String name) {
    return index < args.length ? args[index] : kwargs.get(name);
  }

  static int intArg(
      Object[] args, Map<String, Object> kwargs, int index, String name, int fallback) {
    Object value = get(args, kwargs, index, name);
    if (value == null) {
      return fallback;
    }
    if (value instanceof Number n) {
      return n.intValue();
    }
    try {
      return Integer.parseInt(value.toString().strip());
    } catch (NumberFormatException e) {
      throw new TemplateFailure("'" + name + "' must be a whole number, not '" + value + "'");
    }
  }

  static boolean boolArg(
      Object[] args, Map<String, Object> kwargs, int index, String name, boolean fallback) {
    Object value = get(args, kwargs, index, name);
    if (value == null) {
      return fallback;
    }
    return value instanceof Boolean b ? b : Boolean.parseBoolean(value.toString().strip());
  }
}
