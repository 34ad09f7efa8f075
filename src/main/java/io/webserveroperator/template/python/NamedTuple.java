package io.webserveroperator.template.python;

/** A tuple whose items also have names, as Python's named tuples: {@code group.grouper}. */
public interface NamedTuple {

  /** The item with that name, or Undefined. */
  Object field(String name);
}
