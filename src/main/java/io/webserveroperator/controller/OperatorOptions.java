package io.webserveroperator.controller;

import io.soabase.recordbuilder.core.RecordBuilder;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.shard.ShardOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How the operator runs. Start from {@link #defaults} and change what differs through {@link
 * #toBuilder}.
 *
 * @param templates the folder holding {@code watches.yaml}
 * @param name the operator's name: of its Lease, its shard Leases and its stored template
 *     revisions, and the {@code operator} label of its metrics
 * @param operatorNamespace the operator's own namespace, where its Leases and its template
 *     revisions live
 * @param namespaces namespaces to watch; empty for all
 * @param labelSelector only reconcile resources matching it (for sharding); null for all
 * @param workers reconciles running at once
 * @param resync how often every resource is reconciled although nothing changed
 * @param healthPort port of /metrics, /healthz and /readyz; 0 for any free port
 * @param leaderElection whether and how to take a Lease before writing, so only one replica writes
 * @param shards whether this replica reconciles a share of the resources only, and which
 */
@RecordBuilder
public record OperatorOptions(
    Path templates,
    OperatorName name,
    String operatorNamespace,
    List<String> namespaces,
    String labelSelector,
    int workers,
    Duration resync,
    int healthPort,
    LeaderElectionOptions leaderElection,
    ShardOptions shards) {

  /** Reconciles at once by default. */
  public static final int DEFAULT_WORKERS = 16;

  /** How often everything is reconciled by default, as ISO-8601: a safety net, not a poll. */
  public static final String DEFAULT_RESYNC = "PT10H";

  /** The port of /metrics, /healthz and /readyz by default. */
  public static final int DEFAULT_HEALTH_PORT = 8080;

  public OperatorOptions {
    Objects.requireNonNull(templates, "templates");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(operatorNamespace, "operatorNamespace");
    namespaces = namespaces == null ? List.of() : List.copyOf(namespaces);
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be at least 1, not " + workers);
    }
    Objects.requireNonNull(resync, "resync");
    Objects.requireNonNull(leaderElection, "leaderElection");
    Objects.requireNonNull(shards, "shards");
    if (shards.mode() == ShardOptions.Mode.AUTO && !leaderElection.enabled()) {
      throw new IllegalArgumentException(
          "Automatic sharding needs leader election: the leader assigns the resources.");
    }
  }

  /**
   * The templates in {@code templates}, the name {@value OperatorName#DEFAULT} in the namespace
   * {@code default}, every namespace watched, no selector, {@value #DEFAULT_WORKERS} workers, a
   * resync every 10 hours, health on port {@value #DEFAULT_HEALTH_PORT}, no leader election, no
   * sharding: what {@code run} does without flags.
   */
  public static OperatorOptions defaults(Path templates) {
    return new OperatorOptions(
        templates,
        OperatorName.defaults(),
        "default",
        List.of(),
        null,
        DEFAULT_WORKERS,
        Duration.parse(DEFAULT_RESYNC),
        DEFAULT_HEALTH_PORT,
        LeaderElectionOptions.disabled(OperatorName.DEFAULT),
        ShardOptions.off());
  }

  /** A builder holding these options, to change some of them. */
  public OperatorOptionsBuilder toBuilder() {
    return OperatorOptionsBuilder.builder(this);
  }
}
