package io.webserveroperator.controller;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.webserveroperator.apply.Change;
import io.webserveroperator.diff.Action;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.rollout.RolloutMember;
import io.webserveroperator.rollout.RolloutState;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The operator's Prometheus metrics, named as controller-runtime names them so that existing
 * dashboards work: {@code controller_runtime_reconcile_total}, {@code
 * controller_runtime_reconcile_errors_total}, {@code controller_runtime_reconcile_time_seconds},
 * {@code workqueue_depth}, {@code workqueue_adds_total}, {@code workqueue_retries_total}, {@code
 * leader_election_master_status}; plus {@code rest_client_requests_total} by verb, which counts
 * every API request the client sent, {@code rest_client_lease_requests_total}, those of them on
 * Leases, {@code webserver_operator_pruned_objects_total} and {@code
 * webserver_operator_reload_pruned_objects} by kind, {@code
 * webserver_operator_lookup_requeues_total} by kind, {@code webserver_operator_lookup_caches},
 * {@code webserver_operator_lookup_objects}, {@code webserver_operator_lookup_readers}, {@code
 * webserver_operator_rollout_paused}, {@code webserver_operator_rollout_step}, {@code
 * webserver_operator_rollout_revision} and {@code webserver_operator_template_revision_resources}
 * by kind, and, when sharded, {@code webserver_operator_shard_resources}, {@code
 * webserver_operator_shard_handovers_total} and {@code webserver_operator_shard_ring_size}. Every
 * metric carries the label {@code operator}, the operator's name, so that several operators side by
 * side can be told apart on one dashboard.
 */
public final class OperatorMetrics {

  private static final List<String> VERBS =
      List.of("get", "list", "watch", "create", "update", "patch", "delete");

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

  /** The {@code revision} of resources whose status names no template revision yet. */
  static final String NO_REVISION = "none";

  /** Gauges whose rows come and go (a kind's revisions), set again before each scrape. */
  private final List<Runnable> beforeScrape = new CopyOnWriteArrayList<>();

  /** Per kind: objects pruned since its templates were loaded or last reloaded. */
  private final Map<String, AtomicLong> prunedSinceReload = new ConcurrentHashMap<>();

  public OperatorMetrics(ApiRequestCounter requests, OperatorName operator) {
    registry.config().commonTags("operator", operator.value());
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

  /**
   * Registers the rollout gauges of {@code kind}, read at each scrape. From the rollout's {@code
   * state}, known only to the replica that leads (the others show none of these three): {@code
   * webserver_operator_rollout_paused} (1 or 0), {@code webserver_operator_rollout_step} (the
   * current step, from 1; 0 once complete) and {@code webserver_operator_rollout_revision} (the
   * target's number). From the kind's cached {@code resources}, on every replica: {@code
   * webserver_operator_template_revision_resources{revision}}, how many are on each revision hash
   * ({@value #NO_REVISION} while their status names none).
   *
   * @return removes the kind's gauges: it left watches.yaml
   */
  public Runnable rollout(
      String kind,
      Supplier<Optional<RolloutState>> state,
      Supplier<List<RolloutMember>> resources) {
    Tags tags = Tags.of("kind", kind);
    MultiGauge paused =
        MultiGauge.builder("webserver.operator.rollout.paused")
            .description("Whether the kind's rollout is paused, waiting for a template edit")
            .register(registry);
    MultiGauge step =
        MultiGauge.builder("webserver.operator.rollout.step")
            .description("The current step of the kind's rollout, from 1; 0 once complete")
            .register(registry);
    MultiGauge revision =
        MultiGauge.builder("webserver.operator.rollout.revision")
            .description("The number of the revision the kind's rollout moves to")
            .register(registry);
    MultiGauge perRevision =
        MultiGauge.builder("webserver.operator.template.revision.resources")
            .description("Resources whose status names this template revision hash")
            .register(registry);
    Runnable set =
        () -> {
          Optional<RolloutState> current = state.get();
          paused.register(
              row(tags, current.map(s -> s.phase() == RolloutState.Phase.PAUSED ? 1 : 0)), true);
          step.register(
              row(
                  tags,
                  current.map(s -> s.phase() == RolloutState.Phase.COMPLETE ? 0 : s.step() + 1)),
              true);
          revision.register(row(tags, current.map(RolloutState::number)), true);
          perRevision.register(
              resources.get().stream()
                  .collect(
                      Collectors.groupingBy(
                          member -> member.revision().orElse(NO_REVISION),
                          TreeMap::new,
                          Collectors.counting()))
                  .entrySet()
                  .stream()
                  .<MultiGauge.Row<?>>map(
                      count ->
                          MultiGauge.Row.of(tags.and("revision", count.getKey()), count.getValue()))
                  .toList(),
              true);
        };
    beforeScrape.add(set);
    return () -> {
      beforeScrape.remove(set);
      List.of(paused, step, revision, perRevision)
          .forEach(gauge -> gauge.register(List.of(), true));
    };
  }

  private static List<MultiGauge.Row<?>> row(Tags tags, Optional<? extends Number> value) {
    return value
        .<List<MultiGauge.Row<?>>>map(v -> List.of(MultiGauge.Row.of(tags, v)))
        .orElse(List.of());
  }

  /**
   * Registers {@code webserver_operator_waiting_resources{kind}}: how many of the kind's resources
   * have objects that wait (for a lower wave, a sibling, a replaced object or a hook), read at each
   * scrape.
   *
   * @return removes the gauge: the kind left watches.yaml
   */
  public Runnable waiting(String kind, Supplier<Number> resources) {
    Gauge gauge =
        Gauge.builder("webserver.operator.waiting.resources", resources)
            .description("Resources whose objects wait for a lower wave, a sibling or a hook")
            .tag("kind", kind)
            .register(registry);
    return () -> registry.remove(gauge);
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

  /**
   * Counts a resource queued because an object its last render looked up changed: {@code
   * webserver_operator_lookup_requeues_total{kind}}.
   */
  public void lookupChanged(String kind) {
    Counter.builder("webserver.operator.lookup.requeues")
        .description("Resources queued because an object their last render looked up changed")
        .tag("kind", kind)
        .register(registry)
        .increment();
  }

  /**
   * Registers the lookup caches' gauges, read at each scrape: {@code
   * webserver_operator_lookup_caches} (informers running, one per lookup), {@code
   * webserver_operator_lookup_objects} (objects they hold) and {@code
   * webserver_operator_lookup_readers} (resources whose last render looked something up).
   */
  public void lookups(Supplier<Number> caches, Supplier<Number> objects, Supplier<Number> readers) {
    Gauge.builder("webserver.operator.lookup.caches", caches)
        .description("Lookup caches running, one informer per lookup")
        .register(registry);
    Gauge.builder("webserver.operator.lookup.objects", objects)
        .description("Objects the lookup caches hold")
        .register(registry);
    Gauge.builder("webserver.operator.lookup.readers", readers)
        .description("Resources whose last render looked something up")
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

  /**
   * The metrics in Prometheus' text format. One scrape at a time, so that two never set the same
   * gauges' rows at once.
   */
  public synchronized String scrape() {
    beforeScrape.forEach(Runnable::run);
    return registry.scrape();
  }
}
