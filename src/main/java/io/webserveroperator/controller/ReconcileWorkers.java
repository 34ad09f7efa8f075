package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.webserveroperator.apply.Change;
import io.webserveroperator.kube.ChildObjectCache;
import io.webserveroperator.kube.NamedThreads;
import io.webserveroperator.kube.ObjectRefs;
import io.webserveroperator.kube.WatchedResourceCache;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.watches.TemplatedKind;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The work queue and the workers that drain it. A key goes to its kind's {@link Reconciler}; what
 * the reconcile returns decides whether the key comes back (after a backoff, or a poll interval) or
 * is forgotten. Every reconcile is counted in the {@link OperatorMetrics} and its changes logged,
 * once, here. Keys of kinds not {@linkplain #register registered} (never, or no longer) are
 * dropped.
 *
 * <p>Thread-safe: informer threads enqueue while the workers take.
 */
final class ReconcileWorkers {

  private static final Logger LOG = LoggerFactory.getLogger(ReconcileWorkers.class);

  private final WorkQueue<ObjectRef> queue = new WorkQueue<>(RateLimiter.defaults());
  private final Map<String, WatchedKind> kinds = new ConcurrentHashMap<>();
  private final OperatorMetrics metrics;
  private final Optional<AutoSharding> sharding;
  private final KindGate gate;
  private final int count;
  private final ExecutorService pool;
  private volatile boolean working;

  /** A watched kind's cache and the reconciler of its resources. */
  private record WatchedKind(WatchedResourceCache cache, Reconciler reconciler) {}

  /**
   * @param count workers running at once
   * @param sharding asked before each reconcile whether the resource is still this member's
   * @param gate asked before each reconcile whether the resource's kind is reconciled at all
   */
  ReconcileWorkers(
      int count, OperatorMetrics metrics, Optional<AutoSharding> sharding, KindGate gate) {
    this.count = count;
    this.metrics = metrics;
    this.sharding = sharding;
    this.gate = gate;
    this.pool = Executors.newFixedThreadPool(count, new NamedThreads("reconcile-worker-"));
    metrics.workQueue("operator", queue::depth);
  }

  /**
   * Sends the resources in {@code cache} to {@code reconciler} from now on, in place of the kind's
   * earlier reconciler if it had one; once the workers run, every cached resource is queued.
   */
  void register(TemplatedKind watch, WatchedResourceCache cache, Reconciler reconciler) {
    kinds.put(key(watch.apiVersion(), watch.kind()), new WatchedKind(cache, reconciler));
    requeue(watch);
  }

  /**
   * Stops sending the kind's resources to a reconciler: its queued keys are dropped as they come
   * up, and reconciles in flight finish.
   */
  void unregister(TemplatedKind watch) {
    kinds.remove(key(watch.apiVersion(), watch.kind()));
  }

  /** Starts the workers, and queues every cached resource: what changed before is not lost. */
  synchronized void start() {
    if (working) {
      return;
    }
    working = true;
    LOG.info("Starting {} workers for {}", count, kinds.keySet());
    for (int i = 0; i < count; i++) {
      pool.submit(this::work);
    }
    kinds.values().forEach(kind -> requeue(kind.cache()));
  }

  /**
   * Stops taking keys and waits up to {@code grace} for the reconciles in flight; then interrupts
   * them.
   */
  void stop(Duration grace) {
    working = false;
    queue.close();
    pool.shutdown();
    try {
      if (!pool.awaitTermination(grace.toSeconds(), TimeUnit.SECONDS)) {
        pool.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Queues a resource, if its kind is registered. */
  void enqueue(ObjectRef key) {
    if (kinds.containsKey(key(key.apiVersion(), key.kind()))) {
      metrics.added("operator");
      queue.add(key);
    }
  }

  /** Queues the owner of a child that changed, so that drift is corrected at once. */
  void childChanged(ChildObjectCache.OwnerReferenceEvent event) {
    OwnerReference owner = event.owner();
    enqueue(
        new ObjectRef(
            owner.getApiVersion(), owner.getKind(), event.child().namespace(), owner.getName()));
  }

  /** Queues every resource of the kind, once the workers run. */
  void requeue(TemplatedKind watch) {
    WatchedKind kind = kinds.get(key(watch.apiVersion(), watch.kind()));
    if (kind != null && working) {
      requeue(kind.cache());
    }
  }

  private void requeue(WatchedResourceCache cache) {
    cache.list().forEach(resource -> enqueue(ObjectRefs.of(resource)));
  }

  private void work() {
    try {
      ObjectRef key;
      while ((key = queue.take()) != null) {
        process(key);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void process(ObjectRef key) {
    WatchedKind kind = kinds.get(key(key.apiVersion(), key.kind()));
    String controller = key.kind().toLowerCase(Locale.ROOT);
    MDC.put("resource", key.toString());
    long started = System.nanoTime();
    try {
      if (kind == null || !admitted(kind, key)) {
        // Queued before its kind left watches.yaml, or not this replica's to reconcile.
        queue.forget(key);
        return;
      }
      ReconcileResult result = kind.reconciler().reconcile(key);
      Duration took = Duration.ofNanos(System.nanoTime() - started);
      if (!result.changes().isEmpty() || result.statusWritten()) {
        // With the line's time, when this replica wrote for the resource: tests check that two
        // shards never do at once.
        LOG.debug("Reconcile wrote within the last {} ms", ceilMillis(took));
      }
      metrics.reconciled(controller, result, took);
      metrics.changed(key.kind(), result.changes());
      for (Change change : result.changes()) {
        LOG.info("{}", change.describe());
      }
      switch (result.next()) {
        case RETRY -> {
          LOG.warn("Reconcile failed, retrying after backoff: {}", result.error());
          metrics.retried("operator");
          queue.addRateLimited(key);
        }
        case WAIT_FOR_CHANGE -> {
          // Retrying the same input fails the same way: the condition and event say why, and a
          // change of the resource or its templates (or the resync) brings the key back.
          LOG.warn("Reconcile failed; waiting for a change of the resource: {}", result.error());
          queue.forget(key);
        }
        case POLL -> {
          LOG.warn(
              "Reconcile blocked, looking again in {} s: {}",
              ReconcileResult.POLL_INTERVAL.toSeconds(),
              result.error());
          queue.forget(key);
          queue.addAfter(key, ReconcileResult.POLL_INTERVAL);
        }
        case LATER -> {
          queue.forget(key);
          queue.addAfter(key, result.later());
        }
        case DONE -> queue.forget(key);
      }
    } catch (RuntimeException e) {
      LOG.debug(
          "Reconcile failed, may have written within the last {} ms",
          ceilMillis(Duration.ofNanos(System.nanoTime() - started)));
      metrics.reconciled(
          controller,
          ReconcileResult.retry(List.of(), false, e.toString()),
          Duration.ofNanos(System.nanoTime() - started));
      LOG.warn("Reconcile failed, retrying after backoff", e);
      metrics.retried("operator");
      queue.addRateLimited(key);
    } finally {
      queue.done(key);
      MDC.remove("resource");
    }
  }

  /**
   * Whether this replica may reconcile the key now: unless its kind's CRD cannot hold the status
   * ({@link KindGate}), or, sharded automatically, the resource is another member's.
   */
  private boolean admitted(WatchedKind kind, ObjectRef key) {
    return gate.admits(key.apiVersion(), key.kind())
        && sharding.map(shards -> shards.admit(kind.cache(), key)).orElse(true);
  }

  private static long ceilMillis(Duration duration) {
    return (duration.toNanos() + 999_999) / 1_000_000;
  }

  private static String key(String apiVersion, String kind) {
    return apiVersion + "/" + kind;
  }
}
