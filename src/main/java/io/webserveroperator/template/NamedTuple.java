package io.webserveroperator.template;

/** A tuple whose items also have names, as Python's named tuples: {@code group.grouper}. */
interface NamedTuple {

  /** The item with that name, or Undefined. */
  Object field(String name);
}
