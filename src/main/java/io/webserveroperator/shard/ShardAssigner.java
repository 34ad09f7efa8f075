package io.webserveroperator.shard;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.kube.NamedThreads;
import io.webserveroperator.kube.WatchedResourceCache;
import io.webserveroperator.manifest.ObjectRef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The leader's side of sharding: watches every resource of the watched kinds (not only its own
 * share; whole, as the rollouts the leader plans read their statuses), and in passes, each retry
 * period, whenever a resource appears or its labels change, and as the first live Lease expires,
 * labels each resource with its member on the ring over the live members ({@link Assignment}).
 *
 * <p>One pass at a time, on its own thread; a pass sends its patches at once, up to {@code writers}
 * in flight, so that a storm of new resources waits one round trip for its labels rather than one
 * per resource. Kinds come and go with watches.yaml ({@link #add}, {@link #remove}). {@link #close}
 * stops the passes and the informers.
 */
public final class ShardAssigner implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ShardAssigner.class);

  private final KubernetesClient client;
  private final List<String> namespaces;
  private final String labelSelector;
  private final Members members;
  private final ShardPatcher patcher;
  private final List<Watched> watched = new CopyOnWriteArrayList<>();
  private final ScheduledExecutorService passes =
      Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "shard-assigner"));
  private final ExecutorService labelling;
  private final AtomicBoolean passRequested = new AtomicBoolean();
  private final AtomicReference<ScheduledFuture<?>> atExpiry = new AtomicReference<>();
  private final AtomicInteger ringSize = new AtomicInteger();
  private final AtomicLong reassigned = new AtomicLong();

  /** The live members and their ring as the last pass saw them; null before the first. */
  private volatile Ring lastRing;

  /** A watched kind and the cache of all its resources. */
  private record Watched(ResourceDefinitionContext kind, WatchedResourceCache cache) {}

  /** The live members and the ring over them. */
  private record Ring(Set<String> live, HashRing ring) {}

  /**
   * Starts the informers on every resource of these kinds and runs a pass every {@code period}, the
   * first once they have listed. Does not block: it runs in the leader election's callback.
   *
   * @param labelSelector the operator's own selector, or null for every resource
   * @param writers patches a pass may have in flight at once
   */
  public static ShardAssigner start(
      KubernetesClient client,
      Members members,
      List<ResourceDefinitionContext> kinds,
      List<String> namespaces,
      String labelSelector,
      Duration period,
      int writers) {
    ShardAssigner assigner = new ShardAssigner(client, namespaces, labelSelector, members, writers);
    kinds.forEach(assigner::add);
    long millis = period.toMillis();
    assigner.passes.scheduleWithFixedDelay(assigner::passLogged, 0, millis, TimeUnit.MILLISECONDS);
    LOG.info("Assigning shards every {} over {} kinds", period, kinds.size());
    return assigner;
  }

  private ShardAssigner(
      KubernetesClient client,
      List<String> namespaces,
      String labelSelector,
      Members members,
      int writers) {
    this.client = client;
    this.namespaces = List.copyOf(namespaces);
    this.labelSelector = labelSelector;
    this.members = members;
    this.patcher = new ShardPatcher(client);
    this.labelling = NamedThreads.elasticPool("shard-label-", writers);
  }

  /**
   * Assigns the resources of {@code kind} too, from the first pass after its informers listed: a
   * kind added to watches.yaml.
   */
  public void add(ResourceDefinitionContext kind) {
    watched.add(
        new Watched(
            kind,
            new WatchedResourceCache(
                client,
                kind,
                namespaces,
                labelSelector,
                Duration.ZERO,
                // Whole, status too: the leader plans each kind's rollout over all of them.
                /* metadataOnly= */ false,
                this::changed)));
  }

  /**
   * Stops assigning the resources of {@code kind}, a kind removed from watches.yaml; their labels
   * stay as they are.
   */
  public void remove(ResourceDefinitionContext kind) {
    for (Watched w : watched) {
      if (Objects.equals(w.kind().getGroup(), kind.getGroup())
          && Objects.equals(w.kind().getVersion(), kind.getVersion())
          && Objects.equals(w.kind().getKind(), kind.getKind())) {
        watched.remove(w);
        w.cache().close();
      }
    }
  }

  /** Blocks until every kind's cache has listed. */
  public void awaitSynced() {
    watched.forEach(w -> w.cache().awaitSynced());
  }

  /** Every resource of the kind, from the cache: no request. Empty for a kind not watched. */
  public List<GenericKubernetesResource> resources(ResourceDefinitionContext kind) {
    return watched.stream()
        .filter(
            w ->
                w.kind().getKind().equals(kind.getKind())
                    && Objects.equals(w.kind().getGroup(), kind.getGroup()))
        .findFirst()
        .map(w -> w.cache().list())
        .orElse(List.of());
  }

  /** Members on the ring at the last pass. */
  public int ringSize() {
    return ringSize.get();
  }

  /** Resources moved to another member, by drain or after their owner's Lease expired. */
  public long reassigned() {
    return reassigned.get();
  }

  /**
   * Asks for a pass when a resource's event may change an assignment: a new resource, a released
   * one, a label edited. A spec or status change leaves the labels as the last pass wants them and
   * costs one hash here, not a pass over every resource and a list of the Leases.
   */
  private void changed(ObjectRef ref) {
    Ring ring = lastRing;
    Watched kind =
        watched.stream()
            .filter(w -> w.kind().getKind().equals(ref.kind()))
            .findFirst()
            .orElse(null);
    if (ring == null || kind == null) {
      soon();
      return;
    }
    kind.cache()
        .get(ref)
        .filter(resource -> ShardLabels.patch(resource, move(resource, ring)).isPresent())
        .ifPresent(resource -> soon());
  }

  private static Assignment.Move move(GenericKubernetesResource resource, Ring ring) {
    return Assignment.decide(
        resource.getMetadata().getUid(),
        ShardLabels.owner(resource),
        ShardLabels.drainRequested(resource),
        ring.live(),
        ring.ring());
  }

  /** Asks for a pass soon; requests made before it starts are one pass. */
  private void soon() {
    if (passRequested.compareAndSet(false, true)) {
      try {
        passes.execute(this::passLogged);
      } catch (RejectedExecutionException closing) {
        // An informer event after close: no more passes.
      }
    }
  }

  private void passLogged() {
    passRequested.set(false);
    try {
      pass();
    } catch (RuntimeException e) {
      LOG.warn("Shard assignment pass failed; retrying at the next one: {}", e.toString());
    }
  }

  private void pass() {
    if (!watched.stream().allMatch(w -> w.cache().hasSynced())) {
      // A resource not listed yet would look unassigned; wait for the whole picture.
      return;
    }
    Members.Live membership = members.live();
    membership.untilFirstExpiry().ifPresent(this::passIn);
    Set<String> live = membership.members();
    Ring ring = new Ring(live, HashRing.of(live));
    lastRing = ring;
    if (ringSize.getAndSet(live.size()) != live.size()) {
      LOG.info("Shard ring: {}", live);
    }
    List<CompletableFuture<Void>> sent = new ArrayList<>();
    for (Watched w : watched) {
      for (GenericKubernetesResource resource : w.cache().list()) {
        Assignment.Move move = move(resource, ring);
        ShardLabels.patch(resource, move)
            .ifPresent(
                patch ->
                    sent.add(
                        CompletableFuture.runAsync(
                            () -> write(w.kind(), resource, move, patch), labelling)));
      }
    }
    CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).join();
  }

  private void write(
      ResourceDefinitionContext kind,
      GenericKubernetesResource resource,
      Assignment.Move move,
      List<Map<String, Object>> patch) {
    if (!patcher.patch(kind, resource, patch)) {
      return;
    }
    var owner = ShardLabels.owner(resource);
    if (move.action() == Assignment.Action.ASSIGN && owner.isPresent()) {
      reassigned.incrementAndGet();
    }
    LOG.debug(
        "{} {}/{}: {} {}",
        move.action(),
        resource.getMetadata().getNamespace(),
        resource.getMetadata().getName(),
        owner.orElse("(none)"),
        move.member());
  }

  /** One more pass just after this delay, replacing the one planned before. */
  private void passIn(Duration wait) {
    long delay = Math.max(0, wait.toMillis()) + 1;
    try {
      ScheduledFuture<?> planned = passes.schedule(this::passLogged, delay, TimeUnit.MILLISECONDS);
      ScheduledFuture<?> before = atExpiry.getAndSet(planned);
      if (before != null) {
        before.cancel(false);
      }
    } catch (RejectedExecutionException closing) {
      // Closed meanwhile: no more passes.
    }
  }

  @Override
  public void close() {
    passes.shutdownNow();
    labelling.shutdownNow();
    watched.forEach(w -> w.cache().close());
  }
}
