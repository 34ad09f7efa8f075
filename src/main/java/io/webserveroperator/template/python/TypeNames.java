package io.webserveroperator.template.python;

import com.hubspot.jinjava.lib.fn.MacroFunction;
import java.util.Collection;
import java.util.Map;

/**
 * The Python word for a value's type, for messages: templates speak of strings, integers, dicts and
 * lists, never of the Java classes behind them. {@link #of} says it in words ({@code a string}),
 * {@link #python} as Python's errors do ({@code 'str'}).
 */
public final class TypeNames {

  private TypeNames() {}

  /** The type of a value, with its article: {@code a string}, {@code a dict}, {@code a macro}. */
  public static String of(Object value) {
    if (value == null) {
      return "none";
    }
    if (value instanceof MacroFunction macro) {
      return "the macro '" + macro.getName() + "'";
    }
    if (value instanceof Map) {
      return "a dict";
    }
    if (value instanceof Collection || value.getClass().isArray() || value instanceof Map.Entry) {
      return "a list";
    }
    return ofClass(value.getClass().getSimpleName());
  }

  /** The type a Java class name stands for, qualified or not, in an engine's message. */
  public static String ofClass(String javaName) {
    String name = javaName.substring(javaName.lastIndexOf('.') + 1);
    name = name.substring(name.lastIndexOf('$') + 1);
    if (name.equals("String") || name.equals("Character") || name.equals("SafeString")) {
      return "a string";
    }
    if (name.matches("Long|Integer|Short|Byte|BigInteger")) {
      return "an integer";
    }
    if (name.matches("Double|Float|BigDecimal|Number")) {
      return "a number";
    }
    if (name.equals("Boolean")) {
      return "a boolean";
    }
    if (name.endsWith("Map") || name.equals("Namespace") || name.equals("LoopView")) {
      return "a dict";
    }
    if (name.endsWith("List") || name.endsWith("Set") || name.equals("Group")) {
      return "a list";
    }
    if (name.contains("Macro")) {
      return "a macro";
    }
    if (name.equals("Comparable")) {
      return "something that can be ordered";
    }
    return "a value";
  }

  /** {@code 'int'}, {@code 'str'}, {@code 'dict'}, ... as Python's {@code type(x).__name__}. */
  public static String python(Object value) {
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
    if (PythonSequences.isList(value)) {
      return "'list'";
    }
    return "'object'";
  }
}
