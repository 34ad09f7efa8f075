package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.OperatorException;
import io.webserveroperator.apply.Applier;
import io.webserveroperator.apply.ApplyOptions;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.apply.Pruner;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.ChildObjectCache;
import io.webserveroperator.kube.CrdReader;
import io.webserveroperator.kube.KindAccess;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.LookupCaches;
import io.webserveroperator.kube.NamedThreads;
import io.webserveroperator.kube.ObjectRefs;
import io.webserveroperator.kube.WatchedResourceCache;
import io.webserveroperator.rollout.RevisionFollower;
import io.webserveroperator.rollout.RevisionStore;
import io.webserveroperator.rollout.Rollouts;
import io.webserveroperator.shard.ShardOptions;
import io.webserveroperator.status.EventRecorder;
import io.webserveroperator.status.StatusWriter;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.template.watches.WatchesChange;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything an {@link Operator} runs, built from its {@link OperatorOptions}: the templates, the
 * caches of the watched resources (one per kind), of their children and of what their templates
 * look up, a {@link Reconciler} per kind behind the {@link ReconcileWorkers}, the rollouts, the
 * events, the metrics and the health server, and automatic sharding when on (with the {@link
 * RevisionFollower} through which a member renders from the revisions the leader stores). Building
 * starts the caches and the health server but no worker: when to work is the {@link Operator}'s to
 * decide.
 *
 * <p>The kinds follow watches.yaml while the operator runs ({@link #admit}, {@link #follow}): a
 * kind added gets its cache, its reconciler and its rollout once the API server serves it and the
 * operator may list and watch it; a kind removed loses them, its resources and their children left
 * as they are; a kind whose entry changed gets a reconciler with the new entry, over the same
 * cache. The operator calls {@link #admit} and {@link #follow} one at a time; the caches may be
 * read from any thread.
 */
final class OperatorParts {

  private static final Logger LOG = LoggerFactory.getLogger(OperatorParts.class);

  private final KubernetesClient client;
  private final OperatorOptions options;
  private final KindResolver kinds;
  private final TemplateRegistry templates;
  private final KindGate gate;
  private final OperatorMetrics metrics;
  private final ReconcileWorkers workers;
  private final ChildObjectCache children;
  private final LookupCaches lookups;
  private final EventRecorder events;
  private final Rollouts rollouts;
  private final ExecutorService applies;
  private final Optional<AutoSharding> sharding;
  private final Reconciler.Parts reconcilers;
  private final Optional<RevisionFollower> follower;
  private final HealthServer health;

  /** The kinds running now, by {@link TemplatedKind#identity}. */
  private final Map<String, RunningKind> running = new ConcurrentHashMap<>();

  /**
   * A kind the operator runs.
   *
   * @param cache its resources
   * @param reconciler its reconciler, with its current entry of watches.yaml
   * @param forgetGauges removes its rollout and waiting gauges
   */
  private record RunningKind(
      WatchedResourceCache cache, Reconciler reconciler, Runnable forgetGauges) {}

  private OperatorParts(
      KubernetesClient client,
      ApiRequestCounter requests,
      OperatorOptions options,
      Runnable onShardLeaseLost,
      Supplier<String> readyText) {
    this.client = client;
    this.options = options;
    this.templates = TemplateRegistry.load(options.templates().resolve("watches.yaml"));
    templates.watches().forEach(this::refuseRolloutWhenSharded);
    this.metrics = new OperatorMetrics(requests, options.name());
    this.sharding =
        options.shards().mode() == ShardOptions.Mode.AUTO
            ? Optional.of(new AutoSharding(client, options, onShardLeaseLost))
            : Optional.empty();
    this.kinds = new KindResolver(client);
    this.gate = new KindGate(new CrdReader(client)::read, kinds, templates);
    this.workers = new ReconcileWorkers(options.workers(), metrics, sharding, gate);
    this.children =
        new ChildObjectCache(
            client, kinds, options.namespaces(), options.shards().member(), workers::childChanged);
    // A change of a looked-up object re-renders the resources that read it, as a child's does.
    this.lookups =
        new LookupCaches(
            client,
            kinds,
            reader -> {
              metrics.lookupChanged(reader.kind());
              workers.enqueue(reader);
            });
    metrics.lookups(lookups::caches, lookups::objects, lookups::readers);
    this.events = new EventRecorder(client);
    // One apply thread per worker: enough for two children each without waiting; when all are
    // busy (a kind with many children) the worker sends the apply itself.
    this.applies = NamedThreads.elasticPool("apply-", options.workers());
    RevisionStore store = new RevisionStore(client, options.operatorNamespace(), options.name());
    this.rollouts =
        new Rollouts(
            templates,
            store,
            events,
            Clock.systemUTC(),
            ResourceAnnotations::disabled,
            workers::requeue);
    this.reconcilers =
        new Reconciler.Parts(
            templates,
            children,
            lookups,
            new Planner(),
            ObjectWriter.of(
                new Applier(client, kinds, ApplyOptions.defaults()),
                new Pruner(client, kinds, ApplyOptions.defaults())),
            applies,
            StatusWriter.of(client),
            events,
            client.getKubernetesSerialization(),
            Clock.systemUTC(),
            rollouts);
    for (TemplatedKind watch : templates.watches()) {
      ResourceDefinitionContext kind = kinds.resolve(watch.apiVersion(), watch.kind());
      run(watch, cache(kind));
    }
    if (options.shards().enabled()) {
      metrics.shard(
          options.shards().member(),
          () -> caches().stream().mapToInt(cache -> cache.list().size()).sum(),
          () -> sharding.map(AutoSharding::released).orElse(0L),
          () -> sharding.map(AutoSharding::reassigned).orElse(0L),
          () -> sharding.map(AutoSharding::ringSize).orElse(0));
    }
    // Before any reconcile: a member renders from the revisions the leader stored.
    this.follower =
        sharding.map(auto -> RevisionFollower.start(client, store, rollouts, templates::watches));
    this.health =
        new HealthServer(
            options.healthPort(),
            metrics::scrape,
            () -> caches().stream().allMatch(WatchedResourceCache::hasSynced),
            readyText,
            gate::problems);
  }

  /**
   * Builds the parts, with a cache and a reconciler for every kind of watches.yaml.
   *
   * @param onShardLeaseLost runs once when, sharded automatically, this member could not renew its
   *     Lease
   * @param readyText the body of {@code /readyz} once the caches synced
   * @throws OperatorException when {@code watches.yaml} cannot be read, or gives a statically
   *     sharded operator a rollout policy
   */
  static OperatorParts assemble(
      KubernetesClient client,
      ApiRequestCounter requests,
      OperatorOptions options,
      Runnable onShardLeaseLost,
      Supplier<String> readyText) {
    return new OperatorParts(client, requests, options, onShardLeaseLost, readyText);
  }

  /**
   * Whether this operator can run what an edit of watches.yaml brings in: every kind it adds is
   * served by the API server and may be listed and watched where the operator watches (and patched,
   * sharded automatically), and, when sharded statically, no kind gets a rollout policy. Asks the
   * API server; changes nothing.
   *
   * @throws OperatorException why not, naming the kind and what to do
   */
  void admit(WatchesChange change) {
    change.entering().forEach(this::refuseRolloutWhenSharded);
    KindAccess access = new KindAccess(client);
    // Sharded automatically, the leader labels each resource with its member.
    List<String> verbs =
        sharding.isPresent() ? List.of("list", "watch", "patch") : List.of("list", "watch");
    for (TemplatedKind watch : change.added()) {
      access.require(kinds.resolve(watch.apiVersion(), watch.kind()), options.namespaces(), verbs);
    }
  }

  /**
   * Puts an edit of watches.yaml that took effect into practice: stops the kinds it removes, gives
   * those it changed a reconciler with their new entry and requeues their resources, and starts the
   * kinds it adds once their caches listed (after the check of their CRD, {@link KindGate}). Call
   * it after {@link #admit} admitted the change.
   */
  void follow(WatchesChange change) {
    change.removed().forEach(this::stop);
    for (WatchesChange.Kept kept : change.changed()) {
      RunningKind was = running.get(kept.after().identity());
      if (was == null) {
        // Its cache could not list when it was added: try again with the new entry.
        start(kept.after());
        continue;
      }
      metrics.templatesReloaded(kept.after().kind());
      gate.check(kept.after());
      registerRollout(kept.after(), was.cache());
      Reconciler reconciler = reconciler(kept.after(), was.cache());
      running.put(
          kept.after().identity(), new RunningKind(was.cache(), reconciler, was.forgetGauges()));
      workers.register(kept.after(), was.cache(), reconciler);
    }
    change.added().forEach(this::start);
  }

  /**
   * Starts a kind added to watches.yaml; when its caches cannot list (this replica's, and, leading
   * under automatic sharding, the assigner's), says so and leaves it.
   */
  private void start(TemplatedKind watch) {
    ResourceDefinitionContext kind = kinds.resolve(watch.apiVersion(), watch.kind());
    WatchedResourceCache cache = cache(kind);
    try {
      cache.awaitSynced();
      // Leading, the assigner lists the kind's every resource before its rollout plans over them.
      sharding.ifPresent(shards -> shards.kindAdded(kind));
    } catch (OperatorException e) {
      cache.close();
      // A kind the assigner cannot list would hold back every pass, for every kind.
      sharding.ifPresent(shards -> shards.kindRemoved(kind));
      LOG.error(
          "Cannot start {}, which watches.yaml lists now; it is not reconciled until its entry"
              + " changes or the operator restarts: {}",
          watch.kind(),
          e.getMessage());
      return;
    }
    gate.check(watch);
    run(watch, cache);
    // A member renders from the kind's stored revisions from its first reconcile on.
    follower.ifPresent(revisions -> revisions.kindAdded(watch));
    LOG.info(
        "Watching {} ({}) now: {} resources found, reconciling them",
        watch.kind(),
        watch.apiVersion(),
        cache.list().size());
  }

  /**
   * Runs a kind whose cache is started: its rollout, its gauges, and a reconciler behind the
   * workers, which queue its resources when they run.
   */
  private void run(TemplatedKind watch, WatchedResourceCache cache) {
    registerRollout(watch, cache);
    String identity = watch.identity();
    Runnable forgetRollout =
        metrics.rollout(watch.kind(), () -> rollouts.state(watch), () -> rollouts.members(watch));
    // Read at each scrape from the reconciler of the kind's current entry.
    Runnable forgetWaiting =
        metrics.waiting(
            watch.kind(),
            () -> {
              RunningKind now = running.get(identity);
              return now == null ? 0 : now.reconciler().waitingResources();
            });
    Reconciler reconciler = reconciler(watch, cache);
    running.put(
        identity,
        new RunningKind(
            cache,
            reconciler,
            () -> {
              forgetRollout.run();
              forgetWaiting.run();
            }));
    workers.register(watch, cache, reconciler);
  }

  /**
   * Gives the rollouts the kind's resources: this replica's, and, sharded automatically, every one
   * of them, which the leader plans the rollout over and each member follows with its own.
   */
  private void registerRollout(TemplatedKind watch, WatchedResourceCache cache) {
    if (sharding.isPresent()) {
      rollouts.register(watch, cache::list, () -> sharding.get().everyResource(cache.kind()));
    } else {
      rollouts.register(watch, cache::list);
    }
  }

  /**
   * Stops a kind removed from watches.yaml: no reconcile of it starts any more (those in flight
   * finish), its cache and gauges go. Its resources and their children are left as they are:
   * nothing is pruned, deleted or finalized.
   */
  private void stop(TemplatedKind watch) {
    RunningKind was = running.remove(watch.identity());
    if (was == null) {
      return;
    }
    workers.unregister(watch);
    rollouts.unregister(watch);
    gate.forget(watch);
    was.forgetGauges().run();
    sharding.ifPresent(shards -> shards.kindRemoved(was.cache().kind()));
    List<GenericKubernetesResource> left = was.cache().list();
    left.forEach(resource -> lookups.forget(ObjectRefs.of(resource)));
    was.cache().close();
    long finalized =
        left.stream()
            .filter(resource -> resource.getMetadata().getFinalizers() != null)
            .filter(resource -> resource.getMetadata().getFinalizers().contains(Cleanup.FINALIZER))
            .count();
    LOG.info(
        "Stopped watching {} ({}), which watches.yaml no longer lists: its {} resources and their"
            + " children are left as they are, nothing pruned, deleted or finalized{}",
        watch.kind(),
        watch.apiVersion(),
        left.size(),
        finalized == 0
            ? ""
            : "; "
                + finalized
                + " of them hold the finalizer "
                + Cleanup.FINALIZER
                + ", so deleting one waits until the kind is watched again or the finalizer is"
                + " removed by hand");
  }

  private WatchedResourceCache cache(ResourceDefinitionContext kind) {
    return new WatchedResourceCache(
        client,
        kind,
        options.namespaces(),
        options.shards().narrow(options.labelSelector()),
        options.resync(),
        /* metadataOnly= */ false,
        workers::enqueue);
  }

  private Reconciler reconciler(TemplatedKind watch, WatchedResourceCache cache) {
    return new Reconciler(watch, cache.kind(), cache, reconcilers);
  }

  /**
   * A rollout is one plan over all of a kind's resources. Automatic sharding has a leader that sees
   * them all and plans it; static shards have none, so they do not take a policy.
   */
  private void refuseRolloutWhenSharded(TemplatedKind watch) {
    if (options.shards().mode() == ShardOptions.Mode.STATIC && watch.rollout().isPresent()) {
      throw new OperatorException(
          "watches.yaml gives "
              + watch.kind()
              + " a rollout policy, which a static shard (--shard) cannot follow: each shard sees"
              + " only its share of the resources, and the steps count all of them. Remove the"
              + " rollout key, or share the resources with --shards auto, whose leader plans"
              + " the rollout over all of them.");
    }
  }

  TemplateRegistry templates() {
    return templates;
  }

  KindGate gate() {
    return gate;
  }

  OperatorMetrics metrics() {
    return metrics;
  }

  ReconcileWorkers workers() {
    return workers;
  }

  /** The caches of the kinds running now. */
  List<WatchedResourceCache> caches() {
    return running.values().stream().map(RunningKind::cache).toList();
  }

  ChildObjectCache children() {
    return children;
  }

  LookupCaches lookups() {
    return lookups;
  }

  EventRecorder events() {
    return events;
  }

  Rollouts rollouts() {
    return rollouts;
  }

  /** The pool that sends a reconcile's applies beside its worker. */
  ExecutorService applies() {
    return applies;
  }

  HealthServer health() {
    return health;
  }

  Optional<AutoSharding> sharding() {
    return sharding;
  }

  /** Sharded automatically, the member's view of the revisions the leader stores. */
  Optional<RevisionFollower> follower() {
    return follower;
  }
}
