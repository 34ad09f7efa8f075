package io.webserveroperator.controller;

import io.webserveroperator.shard.ShardOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How the operator runs. Start from {@link #defaults} and change what differs with the {@code
 * with...} methods.
 *
 * @param templates the folder holding {@code watches.yaml}
 * @param namespaces namespaces to watch; empty for all
 * @param labelSelector only reconcile resources matching it (for sharding); null for all
 * @param workers reconciles running at once
 * @param resync how often every resource is reconciled although nothing changed
 * @param healthPort port of /metrics, /healthz and /readyz; 0 for any free port
 * @param leaderElection whether and how to take a Lease before writing, so only one replica writes
 * @param shards whether this replica reconciles a share of the resources only, and which
 */
public record OperatorOptions(
    Path templates,
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

  /** Options without sharding. */
  public OperatorOptions(
      Path templates,
      List<String> namespaces,
      String labelSelector,
      int workers,
      Duration resync,
      int healthPort,
      LeaderElectionOptions leaderElection) {
    this(
        templates,
        namespaces,
        labelSelector,
        workers,
        resync,
        healthPort,
        leaderElection,
        ShardOptions.off());
  }

  /**
   * The templates in {@code templates}, every namespace, no selector, {@value #DEFAULT_WORKERS}
   * workers, a resync every 10 hours, health on port {@value #DEFAULT_HEALTH_PORT}, no leader
   * election, no sharding: what {@code run} does without flags.
   */
  public static OperatorOptions defaults(Path templates) {
    return new OperatorOptions(
        templates,
        List.of(),
        null,
        DEFAULT_WORKERS,
        Duration.parse(DEFAULT_RESYNC),
        DEFAULT_HEALTH_PORT,
        LeaderElectionOptions.disabled("default", "webserver-operator"));
  }

  /** The same options watching only these namespaces; empty for all. */
  public OperatorOptions withNamespaces(List<String> watched) {
    return new OperatorOptions(
        templates, watched, labelSelector, workers, resync, healthPort, leaderElection, shards);
  }

  /** The same options limited to resources matching the selector; null for all. */
  public OperatorOptions withLabelSelector(String selector) {
    return new OperatorOptions(
        templates, namespaces, selector, workers, resync, healthPort, leaderElection, shards);
  }

  /** The same options with another number of workers. */
  public OperatorOptions withWorkers(int count) {
    return new OperatorOptions(
        templates, namespaces, labelSelector, count, resync, healthPort, leaderElection, shards);
  }

  /** The same options with another resync period. */
  public OperatorOptions withResync(Duration period) {
    return new OperatorOptions(
        templates, namespaces, labelSelector, workers, period, healthPort, leaderElection, shards);
  }

  /** The same options with another health port; 0 for any free port. */
  public OperatorOptions withHealthPort(int port) {
    return new OperatorOptions(
        templates, namespaces, labelSelector, workers, resync, port, leaderElection, shards);
  }

  /** The same options with other leader election settings. */
  public OperatorOptions withLeaderElection(LeaderElectionOptions election) {
    return new OperatorOptions(
        templates, namespaces, labelSelector, workers, resync, healthPort, election, shards);
  }

  /** The same options with leader election on or off. */
  public OperatorOptions withLeaderElection(boolean on) {
    return withLeaderElection(leaderElection.withEnabled(on));
  }

  /** The same options with other sharding. */
  public OperatorOptions withShards(ShardOptions sharding) {
    return new OperatorOptions(
        templates,
        namespaces,
        labelSelector,
        workers,
        resync,
        healthPort,
        leaderElection,
        sharding);
  }
}
