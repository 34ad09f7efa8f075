package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.python.TemplateFailure;
import java.util.List;
import java.util.Map;

/**
 * A filter's parameters after the value, as Jinja2 3.1 declares them, checked on every call as
 * Python checks one: an unknown keyword, an argument given twice, too many arguments or a missing
 * one fail the render, where jinjava would ignore them.
 *
 * @param required how many of the first parameters must be given
 * @param parameters the parameters after the value, in order
 * @param anyArguments whether the filter takes any arguments ({@code map}, {@code format}, ...),
 *     left for its body to read and check
 */
public record Signature(int required, List<String> parameters, boolean anyArguments) {

  /** A filter that takes no arguments. */
  public static final Signature NONE = new Signature(0, List.of(), false);

  /** A filter that takes any arguments, positional and keyword. */
  public static final Signature ANY = new Signature(0, List.of(), true);

  public Signature {
    parameters = List.copyOf(parameters);
    if (required < 0 || required > parameters.size()) {
      throw new IllegalArgumentException(
          required + " required parameters, of " + parameters.size());
    }
  }

  /** Fails the render when a call with these arguments would be Jinja2's TypeError. */
  void check(String filter, int positional, Map<String, ?> kwargs) {
    if (anyArguments) {
      return;
    }
    if (positional > parameters.size()) {
      throw new TemplateFailure(
          "the filter '"
              + filter
              + "' takes "
              + (parameters.isEmpty()
                  ? "no arguments"
                  : "at most "
                      + parameters.size()
                      + (parameters.size() == 1 ? " argument (" : " arguments (")
                      + String.join(", ", parameters)
                      + ")")
              + ", not "
              + positional);
    }
    for (String name : kwargs.keySet()) {
      int index = parameters.indexOf(name);
      if (index < 0) {
        throw new TemplateFailure(
            "the filter '"
                + filter
                + "' has no argument '"
                + name
                + "'"
                + (parameters.isEmpty() ? "" : "; it takes " + String.join(", ", parameters)));
      }
      if (index < positional) {
        throw new TemplateFailure(
            "the filter '" + filter + "' got its argument '" + name + "' twice");
      }
    }
    for (int i = positional; i < required; i++) {
      if (!kwargs.containsKey(parameters.get(i))) {
        throw new TemplateFailure(
            "the filter '" + filter + "' needs its argument '" + parameters.get(i) + "'");
      }
    }
  }
}
