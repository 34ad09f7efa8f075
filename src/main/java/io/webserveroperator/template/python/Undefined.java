package io.webserveroperator.template.python;

import com.hubspot.jinjava.util.HasObjectTruthValue;
import java.util.AbstractCollection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A key that a mapping does not have, or a variable that no scope defines, as Jinja2's {@code
 * StrictUndefined}: {@code is defined}, {@code is undefined} and {@code default} may look at it,
 * and every other use (printing, {@code ~}, comparing, arithmetic, iterating, {@code in},
 * truthiness, attributes, any other filter) fails the render with its name, where jinjava would
 * carry on with null.
 *
 * <p>It is a collection only so that jinjava's loops and {@code in} ask it for its elements, which
 * fails; it never has any.
 */
public final class Undefined extends AbstractCollection<Object> implements HasObjectTruthValue {

  private static final int KEYS_SHOWN = 12;
  private static final String HINT = "use '| default(...)' or 'is defined' for optional fields";

  private final Supplier<String> message;

  private Undefined(Supplier<String> message) {
    this.message = message;
  }

  /**
   * The value of a key that {@code mapping} does not have. Cheap, since most are only asked whether
   * they are defined; the mapping's keys are read only for the error.
   */
  public static Undefined missing(Object key, Map<?, ?> mapping) {
    return new Undefined(
        () ->
            "'"
                + key
                + "' is undefined: the mapping has no such key ("
                + keys(mapping)
                + "); "
                + HINT);
  }

  /** The value of a variable that no scope of the render defines. */
  public static Undefined variable(String name) {
    return new Undefined(() -> message(name));
  }

  /** The value of an attribute of something that is neither a mapping nor a list. */
  public static Undefined attribute(Object name, Object owner) {
    return new Undefined(
        () ->
            "'"
                + name
                + "' is undefined: a "
                + TypeNames.python(owner)
                + " value has no attributes");
  }

  private static String keys(Map<?, ?> mapping) {
    List<String> keys = mapping.keySet().stream().map(String::valueOf).sorted().toList();
    if (keys.isEmpty()) {
      return "it has no keys";
    }
    return "its keys are "
        + String.join(", ", keys.subList(0, Math.min(KEYS_SHOWN, keys.size())))
        + (keys.size() > KEYS_SHOWN ? ", ..." : "");
  }

  /** A value that is not there, for the reason given (as Jinja2's filters return them). */
  public static Undefined because(String reason) {
    return new Undefined(() -> reason);
  }

  /** The error for any use of this value but the few that may look at it. */
  public TemplateFailure failure() {
    return new TemplateFailure(message.get());
  }

  @Override
  public Iterator<Object> iterator() {
    throw failure();
  }

  @Override
  public int size() {
    throw failure();
  }

  @Override
  public boolean getObjectTruthValue() {
    throw failure();
  }

  @Override
  public String toString() {
    throw failure();
  }

  @Override
  public boolean equals(Object other) {
    return this == other;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(this);
  }

  /** What an author reads when an expression names something that is not there. */
  public static String message(String expression) {
    return "unknown variable or undefined value '"
        + expression
        + "' (use '| default(...)' or 'is defined' for optional fields)";
  }
}
