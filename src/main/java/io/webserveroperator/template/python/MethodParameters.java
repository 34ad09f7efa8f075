package io.webserveroperator.template.python;

import com.hubspot.jinjava.el.ext.NamedParameter;
import java.math.BigInteger;
import java.util.List;

/**
 * A Python method's parameters: which names it has, how many a call must give, and whether they may
 * be given by keyword ({@code s.split(',', maxsplit=1)}) or by position only, as most of Python's
 * str methods are. {@link #bind} puts a call's arguments in parameter order and refuses a call
 * Python refuses, for the reason Python gives.
 *
 * @param method the name in messages, as {@code str.split}
 * @param required how many leading parameters a call must give
 * @param keywords whether the parameters may be given by keyword
 * @param names the parameters, in order
 */
record MethodParameters(String method, int required, boolean keywords, List<String> names) {

  /**
   * The arguments in parameter order; a parameter the call leaves out is null, as Python's None
   * which these methods take for "not given".
   */
  Object[] bind(Object[] args) {
    Object[] bound = new Object[names.size()];
    boolean[] given = new boolean[names.size()];
    int positional = 0;
    for (Object arg : args == null ? new Object[0] : args) {
      Object value = arg instanceof NamedParameter named ? named.getValue() : arg;
      if (value instanceof Undefined undefined) {
        throw undefined.failure();
      }
      int at = arg instanceof NamedParameter named ? keyword(named.getName()) : positional++;
      if (at >= names.size()) {
        throw new TemplateFailure(
            method
                + "() takes "
                + (names.isEmpty() ? "no arguments" : "at most " + names.size() + " arguments")
                + " ("
                + positional
                + " given)");
      }
      if (given[at]) {
        throw new TemplateFailure(
            method + "() got multiple values for argument '" + names.get(at) + "'");
      }
      given[at] = true;
      bound[at] = value;
    }
    for (int i = 0; i < required; i++) {
      if (!given[i]) {
        throw new TemplateFailure(
            method + "() is missing its argument '" + names.get(i) + "' (" + required + " needed)");
      }
    }
    return bound;
  }

  private int keyword(String name) {
    if (!keywords) {
      throw new TemplateFailure(method + "() takes no keyword arguments");
    }
    int at = names.indexOf(name);
    if (at < 0) {
      throw new TemplateFailure(
          "'" + name + "' is an invalid keyword argument for " + method + "()");
    }
    return at;
  }

  /** An integer argument (a bool counts), or {@code fallback} when it is not given. */
  static long integer(Object value, long fallback) {
    if (value == null) {
      return fallback;
    }
    if (value instanceof Boolean flag) {
      return flag ? 1 : 0;
    }
    if (value instanceof BigInteger big) {
      // Beyond any text's or list's size either way: clamped, as Python clamps such an index.
      return big.signum() * (Long.MAX_VALUE / 2);
    }
    if (value instanceof Long || value instanceof Integer || value instanceof Short) {
      return ((Number) value).longValue();
    }
    throw new TemplateFailure(
        TypeNames.python(value) + " object cannot be interpreted as an integer");
  }
}
