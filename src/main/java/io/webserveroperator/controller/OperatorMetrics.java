package io.webserveroperator.controller;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.webserveroperator.apply.Change;
import io.webserveroperator.diff.Action;
import io.webserveroperator.kube.ApiRequestCounter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The operator's Prometheus metrics, named as controller-runtime names them so that existing
 * dashboards work: {@code controller_runtime_reconcile_total}, {@code
 * controller_runtime_reconcile_errors_total}, {@code controller_runtime_reconcile_time_seconds},
 * {@code workqueue_depth}, {@code workqueue_adds_total}, {@code workqueue_retries_total}, {@code
 * leader_election_master_status}; plus {@code rest_client_requests_total} by verb, which counts
 * every API request the client sent, {@code rest_client_lease_requests_total}, those of them on
 * Leases, {@code webserver_operator_pruned_objects_total} and {@code
 * webserver_operator_reload_pruned_objects} by kind, and, when sharded, {@code
 * webserver_operator_shard_resources}, {@code webserver_operator_shard_handovers_total} and {@code
 * webserver_operator_shard_ring_size}.
 */
public final class OperatorMetrics {

  private static final List<String> VERBS =
      List.of("get", "list", "watch", "create", "update", "patch", "delete");

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

  /** Per kind: objects pruned since its templates were loaded or last reloaded. */
  private final Map<String, AtomicLong> prunedSinceReload = new ConcurrentHashMap<>();

  public OperatorMetrics(ApiRequestCounter requests) {
    for (String verb : VERBS) {
      FunctionCounter.builder("rest.client.requests", requests, r -> r.count(verb))
          .description("API requests sent, by verb")
          .tag("verb", verb)
          .register(registry);
      FunctionCounter.builder("rest.client.lease.requests", requests, r -> r.leaseCount(verb))
          .description("API requests on Leases (leader election, shard membership), by verb")
          .tag("verb", verb)
          .register(registry);
    }
  }

  /** Registers whether this replica leads ({@code leader_election_master_status}, 1 or 0). */
  public void leadership(String lease, BooleanSupplier leading) {
    Gauge.builder("leader.election.master.status", () -> leading.getAsBoolean() ? 1 : 0)
        .tag("name", lease)
        .register(registry);
  }

  /**
   * Registers the sharding metrics of member {@code shard}: the resources in its share, the
   * resources it released to others and the leader moved ({@code handovers} by {@code direction}),
   * and the members on the ring (0 unless this replica leads).
   */
  public void shard(
      String shard,
      Supplier<Number> resources,
      Supplier<Number> released,
      Supplier<Number> reassigned,
      Supplier<Number> ringSize) {
    Gauge.builder("webserver.operator.shard.resources", resources)
        .description("Resources in this replica's share")
        .tag("shard", shard)
        .register(registry);
    FunctionCounter.builder(
            "webserver.operator.shard.handovers", released, n -> n.get().doubleValue())
        .description("Resources released by this replica, or moved by it as the leader")
        .tag("shard", shard)
        .tag("direction", "released")
        .register(registry);
    FunctionCounter.builder(
            "webserver.operator.shard.handovers", reassigned, n -> n.get().doubleValue())
        .tag("shard", shard)
        .tag("direction", "reassigned")
        .register(registry);
    Gauge.builder("webserver.operator.shard.ring.size", ringSize)
        .description("Live members on the ring, as the leader sees them")
        .tag("shard", shard)
        .register(registry);
  }

  /** Registers the depth of the work queue. */
  public void workQueue(String name, Supplier<Number> depth) {
    Gauge.builder("workqueue.depth", depth).tag("name", name).register(registry);
  }

  /** Records one finished reconcile of a controller (a kind, in lower case). */
  public void reconciled(String controller, ReconcileResult result, Duration took) {
    String outcome =
        result.error() != null
            ? "error"
            : result.next() == ReconcileResult.Next.RETRY ? "requeue" : "success";
    Counter.builder("controller.runtime.reconcile")
        .tag("controller", controller)
        .tag("result", outcome)
        .register(registry)
        .increment();
    if (result.error() != null) {
      Counter.builder("controller.runtime.reconcile.errors")
          .tag("controller", controller)
          .register(registry)
          .increment();
    }
    Timer.builder("controller.runtime.reconcile.time")
        .tag("controller", controller)
        .publishPercentileHistogram()
        .register(registry)
        .record(took);
  }

  /**
   * Counts the PRUNE changes of one reconcile of a resource of that kind: {@code
   * webserver_operator_pruned_objects_total{kind}}, every object pruned since the operator started,
   * and {@code webserver_operator_reload_pruned_objects{kind}}, those since the kind's templates
   * were last reloaded ({@link #templatesReloaded}). Other changes are not counted.
   */
  public void changed(String kind, List<Change> changes) {
    long pruned = changes.stream().filter(change -> change.action() == Action.PRUNE).count();
    // Registered by the first reconcile of the kind, so that both read 0 before any prune.
    AtomicLong sinceReload = prunedSinceReload(kind);
    Counter total = prunedTotal(kind);
    if (pruned > 0) {
      sinceReload.addAndGet(pruned);
      total.increment(pruned);
    }
  }

  /**
   * Starts the kind's count of objects pruned after a reload again at 0: its templates changed and
   * every resource of it is reconciled with them. A reconcile that was already running counts
   * towards the new reload if it finishes after this call.
   */
  public void templatesReloaded(String kind) {
    prunedSinceReload(kind).set(0);
    prunedTotal(kind);
  }

  private AtomicLong prunedSinceReload(String kind) {
    return prunedSinceReload.computeIfAbsent(
        kind,
        k -> {
          AtomicLong count = new AtomicLong();
          Gauge.builder("webserver.operator.reload.pruned.objects", count, AtomicLong::get)
              .description(
                  "Objects pruned since the kind's templates were last reloaded (or loaded)")
              .tag("kind", k)
              .register(registry);
          return count;
        });
  }

  private Counter prunedTotal(String kind) {
    return Counter.builder("webserver.operator.pruned.objects")
        .description("Objects pruned, by the kind of the resource they belonged to")
        .tag("kind", kind)
        .register(registry);
  }

  /** Counts a key added to the queue. */
  public void added(String queue) {
    Counter.builder("workqueue.adds").tag("name", queue).register(registry).increment();
  }

  /** Counts a key queued again after a failure. */
  public void retried(String queue) {
    Counter.builder("workqueue.retries").tag("name", queue).register(registry).increment();
  }

  /** The metrics in Prometheus' text format. */
  public String scrape() {
    return registry.scrape();
  }
}
