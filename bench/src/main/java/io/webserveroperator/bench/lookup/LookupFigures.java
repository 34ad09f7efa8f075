package io.webserveroperator.bench.lookup;

import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;

/**
 * What {@code bench scale --lookup} measured after every WebServer settled. Reconciles count the
 * periodic resyncs too; requeues are those a looked-up object's change brought, and nothing else
 * ({@code webserver_operator_lookup_requeues_total}).
 *
 * @param readers the WebServers whose templates look up the shared ConfigMap
 * @param unrelated the edit of a ConfigMap nobody looks up, watched for a while
 * @param shared the edit of the shared ConfigMap, until every Service showed it
 * @param reachedAll from the edit of the shared ConfigMap until every Service showed it
 */
public record LookupFigures(int readers, Edit unrelated, Edit shared, Duration reachedAll) {

  /**
   * What one edit brought.
   *
   * @param window how long the operator was watched after it
   * @param requeues resources queued because an object they looked up changed
   * @param reconciles reconciles in the window, resyncs included
   * @param requests the operator's API requests in the window
   */
  public record Edit(Duration window, long requeues, long reconciles, RequestCounts requests) {}
}
