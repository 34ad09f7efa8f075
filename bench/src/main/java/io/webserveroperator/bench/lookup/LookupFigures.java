package io.webserveroperator.bench.lookup;

import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;

/**
 * What {@code bench scale --lookup} measured after every WebServer settled.
 *
 * @param readers the WebServers whose templates look up the shared ConfigMap
 * @param unrelatedWindow how long the operator was watched after the unrelated edit
 * @param unrelatedReconciles the reconciles the unrelated edit brought: none is right
 * @param unrelatedRequests the operator's API requests after the unrelated edit
 * @param reachedAll from the edit of the shared ConfigMap until every Service showed it
 * @param reconciles the reconciles the shared edit brought
 * @param requests the operator's API requests for the shared edit, until they stopped growing
 */
public record LookupFigures(
    int readers,
    Duration unrelatedWindow,
    long unrelatedReconciles,
    RequestCounts unrelatedRequests,
    Duration reachedAll,
    long reconciles,
    RequestCounts requests) {}
