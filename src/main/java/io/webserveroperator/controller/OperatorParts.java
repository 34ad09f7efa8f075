package io.webserveroperator.controller;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.OperatorException;
import io.webserveroperator.apply.Applier;
import io.webserveroperator.apply.ApplyOptions;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.apply.Pruner;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.ChildObjectCache;
import io.webserveroperator.kube.CrdReader;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.LookupCaches;
import io.webserveroperator.kube.NamedThreads;
import io.webserveroperator.kube.WatchedResourceCache;
import io.webserveroperator.rollout.RevisionFollower;
import io.webserveroperator.rollout.RevisionStore;
import io.webserveroperator.rollout.Rollouts;
import io.webserveroperator.shard.ShardOptions;
import io.webserveroperator.status.EventRecorder;
import io.webserveroperator.status.StatusWriter;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/**
 * Everything an {@link Operator} runs, built from its {@link OperatorOptions}: the templates, the
 * caches of the watched resources (one per kind), of their children and of what their templates
 * look up, a {@link Reconciler} per kind behind the {@link ReconcileWorkers}, the rollouts, the
 * events, the metrics and the health server, and automatic sharding when on. Building starts the
 * caches and the health server but no worker: when to work is the {@link Operator}'s to decide.
 *
 * @param caches the caches of the watched resources, in {@code watches.yaml} order
 * @param applies the pool that sends a reconcile's applies beside its worker
 * @param gate which kinds are reconciled: those whose CRD holds the status the operator writes
 */
record OperatorParts(
    TemplateRegistry templates,
    KindGate gate,
    OperatorMetrics metrics,
    ReconcileWorkers workers,
    List<WatchedResourceCache> caches,
    ChildObjectCache children,
    LookupCaches lookups,
    EventRecorder events,
    Rollouts rollouts,
    ExecutorService applies,
    HealthServer health,
    Optional<AutoSharding> sharding,
    Optional<RevisionFollower> follower) {

  /**
   * Builds the parts.
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
    TemplateRegistry templates = TemplateRegistry.load(options.templates().resolve("watches.yaml"));
    ShardOptions shards = options.shards();
    refuseRolloutsWhenSharded(templates, shards);
    OperatorMetrics metrics = new OperatorMetrics(requests, options.name());
    Optional<AutoSharding> sharding =
        shards.mode() == ShardOptions.Mode.AUTO
            ? Optional.of(new AutoSharding(client, options, onShardLeaseLost))
            : Optional.empty();
    KindResolver kinds = new KindResolver(client);
    KindGate gate = new KindGate(new CrdReader(client)::read, kinds, templates);
    ReconcileWorkers workers = new ReconcileWorkers(options.workers(), metrics, sharding, gate);
    ChildObjectCache children =
        new ChildObjectCache(
            client, kinds, options.namespaces(), shards.member(), workers::childChanged);
    // A change of a looked-up object re-renders the resources that read it, as a child's does.
    LookupCaches lookups =
        new LookupCaches(
            client,
            kinds,
            reader -> {
              metrics.lookupChanged(reader.kind());
              workers.enqueue(reader);
            });
    metrics.lookups(lookups::caches, lookups::objects, lookups::readers);
    EventRecorder events = new EventRecorder(client);
    // One apply thread per worker: enough for two children each without waiting; when all are
    // busy (a kind with many children) the worker sends the apply itself.
    ExecutorService applies = NamedThreads.elasticPool("apply-", options.workers());
    RevisionStore store = new RevisionStore(client, options.operatorNamespace(), options.name());
    Rollouts rollouts =
        new Rollouts(
            templates,
            store,
            events,
            Clock.systemUTC(),
            ResourceAnnotations::disabled,
            workers::requeue);
    Reconciler.Parts parts =
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
    List<WatchedResourceCache> caches = new ArrayList<>();
    for (TemplatedKind watch : templates.watches()) {
      var kind = kinds.resolve(watch.apiVersion(), watch.kind());
      var cache =
          new WatchedResourceCache(
              client,
              kind,
              options.namespaces(),
              shards.narrow(options.labelSelector()),
              options.resync(),
              /* metadataOnly= */ false,
              workers::enqueue);
      caches.add(cache);
      if (sharding.isPresent()) {
        // The leader plans over every resource; each member follows with its own.
        rollouts.register(watch, cache::list, () -> sharding.get().everyResource(kind));
      } else {
        rollouts.register(watch, cache::list);
      }
      metrics.rollout(watch.kind(), () -> rollouts.state(watch), () -> rollouts.members(watch));
      Reconciler reconciler = new Reconciler(watch, kind, cache, parts);
      metrics.waiting(watch.kind(), reconciler::waitingResources);
      workers.register(watch, cache, reconciler);
    }
    if (shards.enabled()) {
      metrics.shard(
          shards.member(),
          () -> caches.stream().mapToInt(cache -> cache.list().size()).sum(),
          () -> sharding.map(AutoSharding::released).orElse(0L),
          () -> sharding.map(AutoSharding::reassigned).orElse(0L),
          () -> sharding.map(AutoSharding::ringSize).orElse(0));
    }
    // Before any reconcile: a member renders from the revisions the leader stored.
    Optional<RevisionFollower> follower =
        sharding.map(auto -> RevisionFollower.start(client, store, rollouts, templates.watches()));
    HealthServer health =
        new HealthServer(
            options.healthPort(),
            metrics::scrape,
            () -> caches.stream().allMatch(WatchedResourceCache::hasSynced),
            readyText,
            gate::problems);
    return new OperatorParts(
        templates,
        gate,
        metrics,
        workers,
        List.copyOf(caches),
        children,
        lookups,
        events,
        rollouts,
        applies,
        health,
        sharding,
        follower);
  }

  /**
   * A rollout is one plan over all of a kind's resources. Automatic sharding has a leader that sees
   * them all and plans it; static shards have none, so they do not start with a policy.
   */
  private static void refuseRolloutsWhenSharded(TemplateRegistry templates, ShardOptions shards) {
    if (shards.mode() != ShardOptions.Mode.STATIC) {
      return;
    }
    for (TemplatedKind watch : templates.watches()) {
      if (watch.rollout().isPresent()) {
        throw new OperatorException(
            "watches.yaml gives "
                + watch.kind()
                + " a rollout policy, which a static shard (--shard) cannot follow: each shard sees"
                + " only its share of the resources, and the steps count all of them. Remove the"
                + " rollout key, or share the resources with --shards auto, whose leader plans"
                + " the rollout over all of them.");
      }
    }
  }
}
