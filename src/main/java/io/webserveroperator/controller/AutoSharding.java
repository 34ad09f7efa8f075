package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.kube.WatchedResourceCache;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.shard.LeaseTimings;
import io.webserveroperator.shard.Members;
import io.webserveroperator.shard.ShardAssigner;
import io.webserveroperator.shard.ShardGate;
import io.webserveroperator.shard.ShardLease;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Automatic sharding's part in the operator: this member's {@link ShardLease}, the {@link
 * ShardGate} asked before each reconcile, and the {@link ShardAssigner} while this replica leads,
 * over the kinds watches.yaml lists as they come and go.
 */
final class AutoSharding implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(AutoSharding.class);

  private final KubernetesClient client;
  private final OperatorOptions options;
  private final ShardGate gate;
  private final ShardLease lease;
  private final Members members;
  private final ScheduledExecutorService looks =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread thread = new Thread(r, "shard-members");
            thread.setDaemon(true);
            return thread;
          });
  private volatile ShardAssigner assigner;

  /**
   * @param onLeaseLost runs once when this member could not renew its Lease: it must stop writing
   */
  AutoSharding(KubernetesClient client, OperatorOptions options, Runnable onLeaseLost) {
    this.client = client;
    this.options = options;
    LeaderElectionOptions election = options.leaderElection();
    String member = options.shards().member();
    this.gate = new ShardGate(client, member);
    this.lease =
        new ShardLease(
            client,
            options.operatorNamespace(),
            options.name(),
            member,
            new LeaseTimings(
                election.leaseDuration(), election.renewDeadline(), election.retryPeriod()),
            onLeaseLost,
            Clock.systemUTC());
    this.members =
        new Members(client, options.operatorNamespace(), options.name(), System::nanoTime);
  }

  /**
   * Creates this member's Lease, so that the leader counts it, and keeps renewing it; looks at the
   * other members' Leases every retry period, so that it knows how long each went unrenewed should
   * it become the leader.
   */
  void join() {
    lease.start();
    long period = options.leaderElection().retryPeriod().toMillis();
    looks.scheduleWithFixedDelay(this::observe, 0, period, TimeUnit.MILLISECONDS);
  }

  private void observe() {
    try {
      members.observe();
    } catch (RuntimeException e) {
      LOG.debug("Cannot list the shard Leases; looking again: {}", e.toString());
    }
  }

  /**
   * Whether this member may reconcile the key now; releases it instead when the leader asked. A key
   * gone from the cache (deleted, or released) is admitted: its reconcile finds nothing and writes
   * nothing.
   */
  boolean admit(WatchedResourceCache cache, ObjectRef key) {
    Optional<GenericKubernetesResource> resource = cache.get(key);
    return resource.isEmpty() || gate.admit(cache.kind(), resource.get());
  }

  /** Starts assigning the resources of these kinds: this replica took the leader Lease. */
  void assign(List<ResourceDefinitionContext> kinds) {
    assigner =
        ShardAssigner.start(
            client,
            members,
            kinds,
            options.namespaces(),
            options.labelSelector(),
            options.leaderElection().retryPeriod(),
            options.workers());
  }

  /** Blocks until the assigner has listed every resource: call it after {@link #assign}. */
  void awaitEveryResource() {
    assigner.awaitSynced();
  }

  /**
   * Every resource of the kind (not only this member's share), while this replica leads; empty
   * before.
   */
  List<GenericKubernetesResource> everyResource(ResourceDefinitionContext kind) {
    ShardAssigner current = assigner;
    return current == null ? List.of() : current.resources(kind);
  }

  /**
   * While this replica leads, assigns the resources of a kind added to watches.yaml too; returns
   * once they are listed, so that the kind's rollout plans over every one of them.
   */
  void kindAdded(ResourceDefinitionContext kind) {
    ShardAssigner current = assigner;
    if (current != null) {
      current.add(kind);
      current.awaitSynced();
    }
  }

  /** While this replica leads, stops assigning the resources of a kind removed. */
  void kindRemoved(ResourceDefinitionContext kind) {
    ShardAssigner current = assigner;
    if (current != null) {
      current.remove(kind);
    }
  }

  /** Resources this member released to others. */
  long released() {
    return gate.released();
  }

  /** Resources this member moved as the leader; 0 on the others. */
  long reassigned() {
    ShardAssigner current = assigner;
    return current == null ? 0 : current.reassigned();
  }

  /** Live members as the leader sees them; 0 on the others. */
  int ringSize() {
    ShardAssigner current = assigner;
    return current == null ? 0 : current.ringSize();
  }

  /**
   * Stops assigning and leaves the ring, deleting the Lease so that the leader hands this member's
   * resources on at once: call it only once no reconcile runs.
   */
  @Override
  public void close() {
    looks.shutdownNow();
    ShardAssigner current = assigner;
    if (current != null) {
      current.close();
    }
    lease.close();
  }
}
