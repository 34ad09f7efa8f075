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
  ORPHAN,
  /**
   * The API server refused an UPDATE because fields of the object cannot change once set, and its
   * template says {@code force: enabled}: deleted, waited for until gone, and created again. A
   * StatefulSet is deleted orphaning its pods and claims, which the new one adopts.
   */
  RECREATE,
  /**
   * A PersistentVolumeClaim that a StatefulSet made from its {@code volumeClaimTemplates} asks for
   * less storage than the template that is recreating the StatefulSet: its request is raised first.
   */
  EXPAND_CLAIM,
  /**
   * The API server refuses the write, and nothing the operator may do gets past it: fields that
   * cannot change without {@code force: enabled}, a claim that cannot grow. Nothing more of the
   * resource is written; the entry's note says why and what would help.
   */
  REFUSED;

  /** Whether the object is sent to the API server with server-side apply. */
  public boolean applies() {
    return this == CREATE || this == UPDATE || this == ADOPT;
  }

  /** Whether the entry is about an object the templates no longer render. */
  public boolean unrendered() {
    return this == PRUNE || this == ORPHAN;
  }

  /**
   * Whether the entry is planned again after the API server refused an UPDATE ({@link
   * Planner#refused}), rather than planned from the rendered and live objects.
   */
  public boolean afterRefusal() {
    return this == RECREATE || this == EXPAND_CLAIM || this == REFUSED;
  }
}
