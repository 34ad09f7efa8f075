package io.webserveroperator.controller;

import io.webserveroperator.status.Reason;

/**
 * A failed reconcile step, as the resource reports it: the event's reason, the Ready condition's
 * reason, the cause, and what the work queue does next (whether retrying the same input could help,
 * and when).
 */
record ReconcileFailure(
    Reason event, Reason reason, RuntimeException cause, ReconcileResult.Next next) {

  /** A failure the same input repeats: wait for a change instead of retrying. */
  static ReconcileFailure terminal(Reason event, Reason reason, RuntimeException cause) {
    return new ReconcileFailure(event, reason, cause, ReconcileResult.Next.WAIT_FOR_CHANGE);
  }

  /** A failure that may pass: retry after the backoff. */
  static ReconcileFailure retriable(Reason event, Reason reason, RuntimeException cause) {
    return new ReconcileFailure(event, reason, cause, ReconcileResult.Next.RETRY);
  }

  /**
   * A failure that passes when someone else changes something no watch of the operator's sees
   * (their object in the way): looked at again every {@link ReconcileResult#POLL_INTERVAL}.
   */
  static ReconcileFailure polled(Reason event, Reason reason, RuntimeException cause) {
    return new ReconcileFailure(event, reason, cause, ReconcileResult.Next.POLL);
  }
}
