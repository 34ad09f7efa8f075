package io.webserveroperator.controller;

import io.webserveroperator.apply.Change;
import java.util.List;

/**
 * What one reconcile did.
 *
 * @param retry whether the key should come back after its backoff
 * @param changes the writes made to children, in order
 * @param statusWritten whether the status subresource was patched
 * @param error the failure, for logs and metrics; null when it succeeded
 */
public record ReconcileResult(
    boolean retry, List<Change> changes, boolean statusWritten, String error) {

  public ReconcileResult {
    changes = List.copyOf(changes);
  }

  static ReconcileResult nothing() {
    return new ReconcileResult(false, List.of(), false, null);
  }
}
