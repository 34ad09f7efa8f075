package io.webserveroperator.controller;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How the operator runs.
 *
 * @param templates the folder holding {@code watches.yaml}
 * @param namespaces namespaces to watch; empty for all
 * @param labelSelector only reconcile resources matching it (for sharding); null for all
 * @param workers reconciles running at once
 * @param resync how often every resource is reconciled although nothing changed
 * @param healthPort port of /metrics, /healthz and /readyz; 0 for any free port
 * @param leaderElection whether and how to take a Lease before writing, so only one replica writes
 */
public record OperatorOptions(
    Path templates,
    List<String> namespaces,
    String labelSelector,
    int workers,
    Duration resync,
    int healthPort,
    LeaderElectionOptions leaderElection) {

  public OperatorOptions {
    Objects.requireNonNull(templates, "templates");
    namespaces = namespaces == null ? List.of() : List.copyOf(namespaces);
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be at least 1, not " + workers);
    }
    Objects.requireNonNull(resync, "resync");
    Objects.requireNonNull(leaderElection, "leaderElection");
  }

  /** The same options with another resync period. */
  public OperatorOptions withResync(Duration period) {
    return new OperatorOptions(
        templates, namespaces, labelSelector, workers, period, healthPort, leaderElection);
  }

  /** The same options with leader election on or off. */
  public OperatorOptions withLeaderElection(boolean on) {
    return new OperatorOptions(
        templates,
        namespaces,
        labelSelector,
        workers,
        resync,
        healthPort,
        leaderElection.withEnabled(on));
  }
}
