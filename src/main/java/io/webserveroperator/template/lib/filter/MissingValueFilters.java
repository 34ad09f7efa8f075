package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.python.PythonTruth;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.Undefined;
import java.util.List;
import java.util.Map;

/** The filters that decide about a missing value, where every other filter fails on one. */
final class MissingValueFilters {

  static final List<FilterSpec> ALL =
      List.of(
          FilterSpec.of(
                  "default",
                  "`default_value` for a missing or none value (or a false one, with `boolean`).",
                  MissingValueFilters::fallback)
              .alias("d")
              .takes("default_value", "boolean")
              .seeingUndefined()
              .seeingFragments(),
          FilterSpec.of(
                  "required",
                  "Fails the render with `message` when the value is missing or empty.",
                  MissingValueFilters::required)
              .takes("message")
              .seeingUndefined()
              .seeingFragments());

  private MissingValueFilters() {}

  /** Whether a value is missing: null or a key the mapping does not have. */
  static boolean isMissing(Object value) {
    return value == null || value instanceof Undefined;
  }

  /**
   * Jinja2's {@code default(value, default_value='', boolean=False)}, keeping the value's type; an
   * explicit null counts as missing too (intended: Kubernetes drops null fields,
   * docs/templates.md).
   */
  private static Object fallback(Object value, Object[] args, Map<String, Object> kwargs) {
    Object replacement = args.length > 0 ? args[0] : kwargs.getOrDefault("default_value", "");
    boolean falsy = FilterArgs.boolArg(args, kwargs, 1, "boolean", false);
    return isMissing(value) || (falsy && !PythonTruth.of(value)) ? replacement : value;
  }

  private static Object required(Object value, Object[] args, Map<String, Object> kwargs) {
    boolean missing = isMissing(value) || (value instanceof String s && s.isEmpty());
    if (missing) {
      Object message = args.length > 0 ? args[0] : kwargs.get("message");
      throw new TemplateFailure(
          message == null ? "a required value is missing" : String.valueOf(message));
    }
    return value;
  }
}
