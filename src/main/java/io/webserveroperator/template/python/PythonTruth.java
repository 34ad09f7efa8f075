package io.webserveroperator.template.python;

import com.hubspot.jinjava.util.HasObjectTruthValue;
import java.util.Map;

/**
 * Python's truth value, which jinjava differs from for strings: {@code 'false'} is true (only the
 * empty string is false), and an {@link Undefined} value is an error rather than true.
 */
public final class PythonTruth {

  private PythonTruth() {}

  public static boolean of(Object value) {
    if (value == null || Boolean.FALSE.equals(value)) {
      return false;
    }
    if (value instanceof HasObjectTruthValue truth) {
      return truth.getObjectTruthValue();
    }
    if (value instanceof Number n) {
      return n.doubleValue() != 0;
    }
    if (value instanceof CharSequence || value instanceof PythonStr) {
      return !value.toString().isEmpty();
    }
    if (value instanceof Map<?, ?> map) {
      return !map.isEmpty();
    }
    if (PythonSequences.isList(value)) {
      return !PythonSequences.asList(value).isEmpty();
    }
    return true;
  }
}
