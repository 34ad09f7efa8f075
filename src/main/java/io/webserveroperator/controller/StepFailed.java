package io.webserveroperator.controller;

import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.status.HookRecords;
import java.util.List;

/**
 * A step of a reconcile failed: how to report it, and what was done before (the writes made, what
 * the resource still owns). Thrown by a step and caught once in {@link Reconciler#reconcile}; no
 * stack trace, it never leaves.
 */
final class StepFailed extends RuntimeException {
  private final transient ReconcileFailure failure;
  private final transient List<Change> changes;
  private final transient Inventory inventory;
  private final transient HookRecords hooks;

  StepFailed(ReconcileFailure failure, ChangeSet changeSet, HookRecords hooks) {
    this(failure, changeSet.changes(), changeSet.inventory(), hooks);
  }

  private StepFailed(
      ReconcileFailure failure, List<Change> changes, Inventory inventory, HookRecords hooks) {
    super(failure.cause().getMessage(), failure.cause(), false, false);
    this.failure = failure;
    this.changes = changes;
    this.inventory = inventory;
    this.hooks = hooks;
  }

  /** A step before any apply failed: nothing changed, every object in the inventory is kept. */
  static StepFailed beforeApply(ObservedResource observed, ReconcileFailure failure) {
    return new StepFailed(failure, List.of(), observed.inventory(), null);
  }

  ReconcileFailure failure() {
    return failure;
  }

  List<Change> changes() {
    return changes;
  }

  Inventory inventory() {
    return inventory;
  }

  HookRecords hooks() {
    return hooks;
  }
}
