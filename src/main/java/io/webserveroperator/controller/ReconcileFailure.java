package io.webserveroperator.controller;

/**
 * A failed reconcile step, as the resource reports it: the event's reason, the Ready condition's
 * reason, the cause, and whether retrying the same input could help.
 */
record ReconcileFailure(String event, String reason, RuntimeException cause, boolean terminal) {

  /** A failure the same input repeats: wait for a change instead of retrying. */
  static ReconcileFailure terminal(String event, String reason, RuntimeException cause) {
    return new ReconcileFailure(event, reason, cause, true);
  }

  /** A failure that may pass: retry after the backoff. */
  static ReconcileFailure retriable(String event, String reason, RuntimeException cause) {
    return new ReconcileFailure(event, reason, cause, false);
  }
}
