package io.webserveroperator.template;

import com.hubspot.jinjava.util.HasObjectTruthValue;
import java.util.AbstractCollection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A key that a mapping does not have, as Jinja2's {@code StrictUndefined}: {@code is defined},
 * {@code is undefined} and {@code default} may look at it, and every other use (printing, {@code
 * ~}, comparing, arithmetic, iterating, {@code in}, truthiness, attributes, any other filter) fails
 * the render with its name, where jinjava would carry on with null.
 *
 * <p>It is a collection only so that jinjava's loops and {@code in} ask it for its elements, which
 * fails; it never has any.
 */
final class Undefined extends AbstractCollection<Object> implements HasObjectTruthValue {

  private static final int KEYS_SHOWN = 12;

  private final Object key;
  private final Map<?, ?> mapping;

  private Undefined(Object key, Map<?, ?> mapping) {
    this.key = key;
    this.mapping = mapping;
  }

  /**
   * The value of a key that {@code mapping} does not have. Cheap, since most are only asked whether
   * they are defined; the mapping's keys are read only for the error.
   */
  static Undefined missing(Object key, Map<?, ?> mapping) {
    return new Undefined(key, mapping);
  }

  /** The error for any use of this value but the few that may look at it. */
  TemplateFailure failure() {
    List<String> keys = mapping.keySet().stream().map(String::valueOf).sorted().toList();
    String shown =
        keys.isEmpty()
            ? "it has no keys"
            : "its keys are "
                + String.join(", ", keys.subList(0, Math.min(KEYS_SHOWN, keys.size())))
                + (keys.size() > KEYS_SHOWN ? ", ..." : "");
    return new TemplateFailure(
        "'"
            + key
            + "' is undefined: the mapping has no such key ("
            + shown
            + "); use '| default(...)' or 'is defined' for optional fields");
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
}
