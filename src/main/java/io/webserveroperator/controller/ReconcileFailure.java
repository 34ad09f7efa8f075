package io.webserveroperator.controller;

import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.status.Reason;

/**
 * A failed reconcile step, as the resource reports it: the event's reason, the Ready condition's
 * reason, the cause, and what the work queue does next (whether retrying the same input could help,
 * and when).
 */
record ReconcileFailure(
    Reason event, Reason reason, RuntimeException cause, ReconcileResult.Next next) {

  /**
   * A refused write, by what the API server answered: fields that cannot change, a claim that
   * cannot grow, an invalid object and an update forbidden wait for a change of the resource or its
   * templates, since the same write meets the same refusal; anything else is retried.
   */
  static ReconcileFailure of(ApplyException refusal) {
    return switch (refusal.standstill()) {
      case FIELD_CANNOT_CHANGE -> terminal(Reason.FIELD_IMMUTABLE, Reason.FIELD_IMMUTABLE, refusal);
      case CLAIM_CANNOT_GROW ->
          terminal(Reason.CLAIM_CANNOT_GROW, Reason.CLAIM_CANNOT_GROW, refusal);
      case NONE -> {
        if (refusal.isInvalid()) {
          yield terminal(Reason.APPLY_FAILED, Reason.INVALID, refusal);
        }
        yield refusal.isTerminal()
            ? terminal(Reason.FORBIDDEN, Reason.FORBIDDEN, refusal)
            : retriable(Reason.APPLY_FAILED, Reason.APPLY_FAILED, refusal);
      }
    };
  }

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
