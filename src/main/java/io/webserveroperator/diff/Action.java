package io.webserveroperator.diff;

/** What the operator must do with one object to reach the desired state. */
public enum Action {
  /** The object does not exist yet. */
  CREATE,
  /** The object exists and differs from the desired one in fields the template sets. */
  UPDATE,
  /** The object exists and matches the desired one, or is created once and left alone since. */
  UNCHANGED,
  /** The object was owned last time and is no longer rendered. */
  PRUNE,
  /**
   * The object exists, is not the resource's yet, and may be taken over: applied, and its adopt
   * annotation removed (see {@link io.webserveroperator.manifest.Claim}).
   */
  ADOPT,
  /**
   * The object exists and belongs to someone else: nothing of the plan is applied or pruned (see
   * {@link io.webserveroperator.manifest.Claim}).
   */
  CONFLICT,
  /**
   * The object is no longer rendered, but its {@code resource-policy: keep} leaves it in place: not
   * deleted, only dropped from the inventory.
   */
  ORPHAN;

  /** Whether the object is sent to the API server with server-side apply. */
  public boolean applies() {
    return this == CREATE || this == UPDATE || this == ADOPT;
  }

  /** Whether the entry is about an object the templates no longer render. */
  public boolean unrendered() {
    return this == PRUNE || this == ORPHAN;
  }
}
