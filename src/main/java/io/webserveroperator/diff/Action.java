package io.webserveroperator.diff;

/** What the operator must do with one object to reach the desired state. */
public enum Action {
  /** The object does not exist yet. */
  CREATE,
  /** The object exists and differs from the desired one in fields the template sets. */
  UPDATE,
  /** The object exists and matches the desired one. */
  UNCHANGED,
  /** The object was owned last time and is no longer rendered. */
  PRUNE
}
