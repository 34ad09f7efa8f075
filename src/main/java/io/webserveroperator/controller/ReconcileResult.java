package io.webserveroperator.controller;

import io.webserveroperator.apply.Change;
import java.time.Duration;
import java.util.List;

/**
 * What one reconcile did, and what the work queue does with its key next.
 *
 * @param next whether the key is done, comes back after its backoff, or waits for a change
 * @param changes the writes made to children, in order
 * @param statusWritten whether the status subresource was patched
 * @param error the failure, for logs and metrics; null when it succeeded
 * @param later for {@link Next#LATER}, when to look again; null otherwise
 */
public record ReconcileResult(
    Next next, List<Change> changes, boolean statusWritten, String error, Duration later) {

  /** What happens to the key after a reconcile. */
  public enum Next {
    /** Reconciled: the key leaves the queue and its backoff is forgotten. */
    DONE,
    /** Failed in a way that may pass (a conflict, a timeout, a 5xx): again after the backoff. */
    RETRY,
    /**
     * Failed in a way the same input fails again (an invalid object, a render error, a kind the API
     * server does not serve): not retried; a change of the resource or its templates, or the
     * periodic resync, brings it back.
     */
    WAIT_FOR_CHANGE,
    /**
     * Failed because of someone else's object, whose change no watch of the operator's sees (it
     * carries none of its labels): looked at again after {@link #POLL_INTERVAL}, without growing
     * backoff, so that handing the object over takes effect soon.
     */
    POLL,
    /**
     * Done for now, but something it waits for ends by the clock, not by a change any watch sees (a
     * hook's timeout): looked at again after {@link #later}.
     */
    LATER
  }

  /** How often a resource whose templates render someone else's object looks again. */
  public static final Duration POLL_INTERVAL = Duration.ofSeconds(10);

  public ReconcileResult {
    changes = List.copyOf(changes);
  }

  /** A reconcile that ended as {@code next}, with no time to look again. */
  public ReconcileResult(Next next, List<Change> changes, boolean statusWritten, String error) {
    this(next, changes, statusWritten, error, null);
  }

  /** Done, and to be looked at again after {@code after}. */
  static ReconcileResult later(List<Change> changes, boolean statusWritten, Duration after) {
    return new ReconcileResult(Next.LATER, changes, statusWritten, null, after);
  }

  static ReconcileResult nothing() {
    return done(List.of(), false);
  }

  static ReconcileResult done(List<Change> changes, boolean statusWritten) {
    return new ReconcileResult(Next.DONE, changes, statusWritten, null);
  }

  static ReconcileResult retry(List<Change> changes, boolean statusWritten, String error) {
    return new ReconcileResult(Next.RETRY, changes, statusWritten, error);
  }

  static ReconcileResult waitForChange(List<Change> changes, boolean statusWritten, String error) {
    return new ReconcileResult(Next.WAIT_FOR_CHANGE, changes, statusWritten, error);
  }
}
