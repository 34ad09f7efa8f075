package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import io.webserveroperator.OperatorException;
import io.webserveroperator.apply.Applier;
import io.webserveroperator.apply.ApplyOptions;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.apply.Pruner;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.ChildObjectCache;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.NamedThreads;
import io.webserveroperator.kube.ObjectRefs;
import io.webserveroperator.kube.WatchedResourceCache;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.rollout.RevisionStore;
import io.webserveroperator.rollout.Rollouts;
import io.webserveroperator.shard.ShardOptions;
import io.webserveroperator.status.EventRecorder;
import io.webserveroperator.status.StatusWriter;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.Watch;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The running operator: informers on every watched kind, one work queue, a pool of workers that
 * reconcile, optional leader election, and the health and metrics server. Build it with {@link
 * #start}; {@link #close} stops taking work, lets in-flight reconciles finish, and releases the
 * Lease.
 *
 * <p>Sharded ({@link ShardOptions}), its caches hold only the resources labelled with its shard and
 * their children. Automatically sharded ({@link AutoSharding}), every replica works on its share at
 * once and keeps a Lease of its own; leader election then decides only which replica assigns the
 * shards, and each reconcile first asks whether the resource is to be handed over.
 */
public final class Operator implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Operator.class);
  private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(30);

  private final OperatorOptions options;
  private final KubernetesClient client;
  private final TemplateRegistry templates;
  private final OperatorMetrics metrics;
  private final WorkQueue<ObjectRef> queue = new WorkQueue<>(RateLimiter.defaults());
  private final ChildObjectCache children;
  private final EventRecorder events;
  private final Rollouts rollouts;
  private final Map<String, Reconciler> reconcilers = new LinkedHashMap<>();
  private final Map<String, WatchedResourceCache> resources = new LinkedHashMap<>();
  private final HealthServer health;
  private final ExecutorService workers;
  private final ExecutorService applies;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile CompletableFuture<?> leadership;

  /** Runs the leader election loop; shut down with the operator. */
  private final ExecutorService leaderElection = Executors.newSingleThreadExecutor();

  /** Automatic sharding, when on; else null. */
  private final AutoSharding sharding;

  private volatile boolean leading;
  private volatile boolean working;
  private volatile boolean lostLeadership;

  private Operator(KubernetesClient client, ApiRequestCounter requests, OperatorOptions options) {
    this.options = options;
    this.client = client;
    this.templates = TemplateRegistry.load(options.templates().resolve("watches.yaml"));
    refuseRolloutsWhenSharded(templates, options.shards());
    this.metrics = new OperatorMetrics(requests);
    KindResolver kinds = new KindResolver(client);
    ShardOptions shards = options.shards();
    this.children =
        new ChildObjectCache(
            client, kinds, options.namespaces(), shards.member(), this::childChanged);
    this.events = new EventRecorder(client);
    // One apply thread per worker: enough for two children each without waiting; when all are
    // busy (a kind with many children) the worker sends the apply itself.
    this.applies = NamedThreads.elasticPool("apply-", options.workers());
    this.rollouts =
        new Rollouts(
            templates,
            new RevisionStore(client, options.leaderElection().namespace()),
            events,
            Clock.systemUTC(),
            ResourceAnnotations::disabled,
            this::requeueKind);
    Reconciler.Parts parts =
        new Reconciler.Parts(
            templates,
            children,
            new Planner(),
            ObjectWriter.of(
                new Applier(client, kinds, ApplyOptions.defaults()),
                new Pruner(client, kinds, ApplyOptions.defaults())),
            applies,
            StatusWriter.of(client),
            events,
            client,
            Clock.systemUTC(),
            rollouts);
    for (Watch watch : templates.watches()) {
      var kind = kinds.resolve(watch.apiVersion(), watch.kind());
      var cache =
          new WatchedResourceCache(
              client,
              kind,
              options.namespaces(),
              shards.narrow(options.labelSelector()),
              options.resync(),
              /* metadataOnly= */ false,
              this::enqueue);
      resources.put(key(watch.apiVersion(), watch.kind()), cache);
      rollouts.register(watch, cache::list);
      metrics.rollout(watch.kind(), () -> rollouts.state(watch), () -> rollouts.members(watch));
      reconcilers.put(
          key(watch.apiVersion(), watch.kind()), new Reconciler(watch, kind, cache, parts));
    }
    metrics.workQueue("operator", queue::depth);
    metrics.leadership(options.leaderElection().name(), () -> leading);
    sharding =
        shards.mode() == ShardOptions.Mode.AUTO
            ? new AutoSharding(client, options, this::shardLeaseLost)
            : null;
    if (shards.enabled()) {
      metrics.shard(
          shards.member(),
          () -> resources.values().stream().mapToInt(c -> c.list().size()).sum(),
          () -> sharding == null ? 0 : sharding.released(),
          () -> sharding == null ? 0 : sharding.reassigned(),
          () -> sharding == null ? 0 : sharding.ringSize());
    }
    health = new HealthServer(options.healthPort(), metrics::scrape, this::isReady);
    workers =
        Executors.newFixedThreadPool(options.workers(), new NamedThreads("reconcile-worker-"));
  }

  /**
   * A rollout is one plan over all of a kind's resources, which no shard sees: rather than move
   * each shard on its own, a sharded operator does not start with a rollout policy.
   */
  private static void refuseRolloutsWhenSharded(TemplateRegistry templates, ShardOptions shards) {
    if (!shards.enabled()) {
      return;
    }
    for (Watch watch : templates.watches()) {
      if (watch.rollout().isPresent()) {
        throw new OperatorException(
            "watches.yaml gives "
                + watch.kind()
                + " a rollout policy, which a sharded operator cannot follow yet: each shard sees"
                + " only its share of the resources, and the steps count all of them. Remove the"
                + " rollout key, or run one replica (with --leader-elect for a standby).");
      }
    }
  }

  /**
   * Starts the operator: loads the templates, starts the informers and waits until they listed,
   * then (after taking the Lease, when leader election is on) starts the workers. Automatically
   * sharded, it joins the ring and starts the workers at once, and assigns shards while it leads.
   * Returns once the caches are synced; the workers run in the background.
   */
  public static Operator start(
      KubernetesClient client, ApiRequestCounter requests, OperatorOptions options) {
    Operator operator = new Operator(client, requests, options);
    for (Watch watch : operator.templates.watches()) {
      operator
          .templates
          .loadFailure(watch)
          .ifPresent(
              e ->
                  LOG.error(
                      "The templates of {} do not load; its resources get Ready=False until an edit"
                          + " repairs them: {}",
                      watch.kind(),
                      e.getMessage()));
    }
    operator.resources.values().forEach(WatchedResourceCache::awaitSynced);
    operator.templates.watchForChanges(
        operator::templatesChanged,
        (watch, error) ->
            LOG.error(
                "Template edit for {} rejected, keeping the last good version if there is one: {}",
                watch.kind(),
                error.getMessage()));
    if (operator.sharding != null) {
      operator.sharding.join();
      operator.startWorkers();
      operator.electLeader();
    } else if (options.leaderElection().enabled()) {
      operator.electLeader();
    } else {
      operator.lead();
    }
    return operator;
  }

  /** The port serving /metrics, /healthz and /readyz. */
  public int healthPort() {
    return health.port();
  }

  /** The metrics, for tests and the benchmark. */
  public OperatorMetrics metrics() {
    return metrics;
  }

  /** Whether this replica holds the Lease (always true without leader election, once started). */
  public boolean isLeader() {
    return leading;
  }

  /**
   * Whether it stopped because it lost a Lease: the leader's to another replica, or (sharded) its
   * own, which it could not renew.
   */
  public boolean lostLeadership() {
    return lostLeadership;
  }

  /** Blocks until the operator has stopped. */
  public void awaitStopped() throws InterruptedException {
    stopped.await();
  }

  private boolean isReady() {
    return resources.values().stream().allMatch(WatchedResourceCache::hasSynced);
  }

  private void electLeader() {
    LeaderElectionOptions election = options.leaderElection();
    var config =
        new LeaderElectionConfigBuilder()
            .withName(election.name())
            .withLock(new LeaseLock(election.namespace(), election.name(), election.identity()))
            .withLeaseDuration(election.leaseDuration())
            .withRenewDeadline(election.renewDeadline())
            .withRetryPeriod(election.retryPeriod())
            .withReleaseOnCancel(true)
            .withLeaderCallbacks(
                new LeaderCallbacks(
                    this::lead,
                    this::leadershipLost,
                    leader -> LOG.info("Leader is now {}", leader)))
            .build();
    leadership = new LeaderElector(client, config, leaderElection).start();
  }

  private void leadershipLost() {
    if (leading) {
      // Another replica may be writing already: stop at once, as controller-runtime does.
      LOG.warn(
          "Lost the Lease {}/{}; stopping",
          options.leaderElection().namespace(),
          options.leaderElection().name());
      lostLeadership = true;
      new Thread(this::close, "operator-stop").start();
    }
  }

  /** Took the Lease (or runs without one): work, or, sharded automatically, assign the shards. */
  private synchronized void lead() {
    if (leading || stopped.getCount() == 0) {
      return;
    }
    leading = true;
    if (sharding != null) {
      sharding.assign(resources.values().stream().map(WatchedResourceCache::kind).toList());
    } else {
      if (!options.shards().enabled()) {
        // One replica writes: it keeps the revisions and moves the rollouts.
        rollouts.lead();
      }
      startWorkers();
    }
  }

  private void shardLeaseLost() {
    // Others take this member's resources once its Lease expires: stop writing before that.
    lostLeadership = true;
    new Thread(this::close, "operator-stop").start();
  }

  private synchronized void startWorkers() {
    if (working) {
      return;
    }
    working = true;
    LOG.info("Starting {} workers for {}", options.workers(), reconcilers.keySet());
    for (int i = 0; i < options.workers(); i++) {
      workers.submit(this::work);
    }
    requeueAllKinds();
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
    Reconciler reconciler = reconcilers.get(key(key.apiVersion(), key.kind()));
    String controller = key.kind().toLowerCase(Locale.ROOT);
    MDC.put("resource", key.toString());
    long started = System.nanoTime();
    try {
      if (!admitted(key)) {
        queue.forget(key);
        return;
      }
      ReconcileResult result = reconciler.reconcile(key);
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

  private static long ceilMillis(Duration duration) {
    return (duration.toNanos() + 999_999) / 1_000_000;
  }

  /** Whether this replica may reconcile the key now: always, unless sharded automatically. */
  private boolean admitted(ObjectRef key) {
    return sharding == null
        || sharding.admit(resources.get(key(key.apiVersion(), key.kind())), key);
  }

  private void enqueue(ObjectRef key) {
    if (reconcilers.containsKey(key(key.apiVersion(), key.kind()))) {
      metrics.added("operator");
      queue.add(key);
    }
  }

  private void childChanged(ChildObjectCache.OwnerReferenceEvent event) {
    OwnerReference owner = event.owner();
    enqueue(
        new ObjectRef(
            owner.getApiVersion(), owner.getKind(), event.child().namespace(), owner.getName()));
  }

  private void templatesChanged(Watch watch) {
    LOG.info("Templates of {} changed; reconciling every {}", watch.kind(), watch.kind());
    metrics.templatesReloaded(watch.kind());
    // Leading, the new revision is stored first, and then the resources it reaches requeued.
    rollouts.templatesChanged(watch);
    requeueKind(watch);
  }

  private void requeueKind(Watch watch) {
    WatchedResourceCache cache = resources.get(key(watch.apiVersion(), watch.kind()));
    if (cache != null && working) {
      cache.list().forEach(resource -> enqueue(ObjectRefs.of(resource)));
    }
  }

  private void requeueAllKinds() {
    for (WatchedResourceCache cache : resources.values()) {
      for (GenericKubernetesResource resource : cache.list()) {
        enqueue(ObjectRefs.of(resource));
      }
    }
  }

  private static String key(String apiVersion, String kind) {
    return apiVersion + "/" + kind;
  }

  @Override
  public synchronized void close() {
    if (stopped.getCount() == 0) {
      return;
    }
    LOG.info("Stopping: finishing in-flight reconciles");
    leading = false;
    working = false;
    queue.close();
    workers.shutdown();
    try {
      if (!workers.awaitTermination(SHUTDOWN_GRACE.toSeconds(), TimeUnit.SECONDS)) {
        workers.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    applies.shutdown();
    if (sharding != null) {
      // Only now that no reconcile runs: the leader hands this member's resources on at once.
      sharding.close();
    }
    if (leadership != null) {
      leadership.cancel(true);
    }
    leaderElection.shutdownNow();
    List<AutoCloseable> closeables = new ArrayList<>(resources.values());
    closeables.add(rollouts);
    closeables.add(events);
    closeables.add(children);
    closeables.add(templates);
    closeables.add(health);
    for (AutoCloseable closeable : closeables) {
      try {
        closeable.close();
      } catch (Exception e) {
        LOG.warn("Cannot close {}: {}", closeable, e.toString());
      }
    }
    stopped.countDown();
  }
}
