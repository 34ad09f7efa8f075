package io.webserveroperator.template;

import java.util.Map;

/** Python's names for the types of template values, for messages that never show Java's. */
final class TypeNames {

  private TypeNames() {}

  /** {@code 'int'}, {@code 'str'}, {@code 'dict'}, ... as Python's {@code type(x).__name__}. */
  static String of(Object value) {
    if (value == null) {
      return "'NoneType'";
    }
    if (value instanceof Boolean) {
      return "'bool'";
    }
    if (value instanceof Double
        || value instanceof Float
        || value instanceof java.math.BigDecimal) {
      return "'float'";
    }
    if (value instanceof Number) {
      return "'int'";
    }
    if (value instanceof CharSequence) {
      return "'str'";
    }
    if (value instanceof Map) {
      return "'dict'";
    }
    if (TextFormat.isList(value)) {
      return "'list'";
    }
    return "'object'";
  }
}
