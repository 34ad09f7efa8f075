package io.webserveroperator.controller;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.webserveroperator.OperatorException;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.WatchedResourceCache;
import io.webserveroperator.shard.ShardOptions;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.template.watches.WatchesChange;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running operator's lifecycle: start the {@link OperatorParts}, lead (or wait for the Lease,
 * when leader election is on), and stop in order. Build it with {@link #start}; {@link #close}
 * stops taking work, lets in-flight reconciles finish, and releases the Lease.
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
  private final OperatorParts parts;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile CompletableFuture<?> leadership;

  /** Runs the leader election loop; shut down with the operator. */
  private final ExecutorService leaderElection = Executors.newSingleThreadExecutor();

  private volatile boolean leading;
  private volatile boolean lostLeadership;

  /** The Lease, once leader election has started. */
  private volatile PublishingLeaseLock lease;

  private Operator(KubernetesClient client, ApiRequestCounter requests, OperatorOptions options) {
    this.options = options;
    this.client = client;
    this.parts =
        OperatorParts.assemble(client, requests, options, this::shardLeaseLost, this::readiness);
    parts.metrics().leadership(options.name().value(), () -> leading);
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
    operator.reportLoadFailures();
    operator.parts.templates().watches().forEach(operator.parts.gate()::check);
    operator.parts.caches().forEach(WatchedResourceCache::awaitSynced);
    operator.parts.templates().watchForChanges(operator.new TemplateEdits());
    if (operator.parts.sharding().isPresent()) {
      operator.parts.sharding().get().join();
      operator.parts.workers().start();
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
    return parts.health().port();
  }

  /** The metrics, for tests and the benchmark. */
  public OperatorMetrics metrics() {
    return parts.metrics();
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

  private void reportLoadFailures() {
    for (TemplatedKind watch : parts.templates().watches()) {
      parts
          .templates()
          .loadFailure(watch)
          .ifPresent(
              e ->
                  LOG.error(
                      "The templates of {} do not load; its resources get Ready=False until an edit"
                          + " repairs them: {}",
                      watch.kind(),
                      e.getMessage()));
    }
  }

  private void electLeader() {
    LeaderElectionOptions election = options.leaderElection();
    lease =
        new PublishingLeaseLock(
            options.operatorNamespace(),
            options.name().value(),
            election.identity(),
            parts.templates()::watches,
            System::nanoTime);
    var config =
        new LeaderElectionConfigBuilder()
            .withName(options.name().value())
            .withLock(lease)
            .withLeaseDuration(election.leaseDuration())
            .withRenewDeadline(election.renewDeadline())
            .withRetryPeriod(election.retryPeriod())
            .withReleaseOnCancel(true)
            .withLeaderCallbacks(
                new LeaderCallbacks(this::lead, this::leadershipLost, this::newLeader))
            .build();
    leadership = new LeaderElector(client, config, leaderElection).start();
  }

  private void newLeader(String leader) {
    if (leader.equals(options.leaderElection().identity())) {
      LOG.info("Leader is now {} (this replica)", leader);
    } else if (options.shards().mode() == ShardOptions.Mode.AUTO) {
      LOG.info("Leader is now {}, which assigns the shards", leader);
    } else if (holderWatchesOtherKinds()) {
      standingBy().ifPresent(LOG::warn);
    } else {
      standingBy().ifPresent(LOG::info);
    }
  }

  private boolean holderWatchesOtherKinds() {
    String mine = PublishingLeaseLock.kinds(parts.templates().watches());
    return lease != null
        && lease
            .holder()
            .flatMap(PublishingLeaseLock.Holder::kinds)
            .filter(kinds -> !kinds.equals(mine))
            .isPresent();
  }

  /**
   * What a standby waits for: whom the Lease names and which kinds it watches, and whether they are
   * this replica's; empty while it leads, runs without leader election or is sharded automatically
   * (then every replica works).
   */
  private Optional<String> standingBy() {
    if (leading || lease == null || options.shards().mode() == ShardOptions.Mode.AUTO) {
      return Optional.empty();
    }
    String mine = PublishingLeaseLock.kinds(parts.templates().watches());
    String where = options.operatorNamespace() + "/" + options.name();
    return Optional.of(
        lease
            .holder()
            .map(
                holder ->
                    "Standing by: the Lease "
                        + where
                        + " is held by "
                        + holder.identity()
                        + holder
                            .kinds()
                            .map(
                                kinds ->
                                    ", which watches "
                                        + kinds
                                        + (kinds.equals(mine)
                                            ? ""
                                            : "; this replica watches "
                                                + mine
                                                + ": to run both side by side, give each its own"
                                                + " --name"))
                            .orElse(", which does not say what it watches (an older version)"))
            .orElse("Standing by: waiting for the Lease " + where));
  }

  /** The body of {@code /readyz} once the caches synced: "ok", and whom a standby waits for. */
  private String readiness() {
    return standingBy().map(text -> "ok: " + text).orElse("ok");
  }

  private void leadershipLost() {
    if (leading) {
      // Another replica may be writing already: stop at once, as controller-runtime does.
      LOG.warn("Lost the Lease {}/{}; stopping", options.operatorNamespace(), options.name());
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
    if (parts.sharding().isPresent()) {
      AutoSharding sharding = parts.sharding().get();
      sharding.assign(parts.caches().stream().map(WatchedResourceCache::kind).toList());
      // A rollout planned over resources not listed yet would count too few: wait for all.
      Thread start =
          new Thread(
              () -> {
                sharding.awaitEveryResource();
                leadRollouts();
              },
              "rollouts-start");
      start.setDaemon(true);
      start.start();
    } else {
      if (!options.shards().enabled()) {
        // One replica writes: it keeps the revisions and moves the rollouts.
        parts.rollouts().lead();
      }
      parts.workers().start();
    }
  }

  /** Sharded automatically: keeps the revisions and moves the rollouts, while it still leads. */
  private synchronized void leadRollouts() {
    if (leading) {
      parts.rollouts().lead();
    }
  }

  private void shardLeaseLost() {
    // Others take this member's resources once its Lease expires: stop writing before that.
    lostLeadership = true;
    new Thread(this::close, "operator-stop").start();
  }

  /**
   * What the operator does when its templates folder changes, told by the registry on its watcher
   * thread: a kind's templates reload, and watches.yaml's kinds are started, swapped and stopped.
   * The operator's name and Lease stay whatever watches.yaml lists.
   */
  private final class TemplateEdits implements TemplateRegistry.Listener {

    @Override
    public void templatesChanged(TemplatedKind watch) {
      LOG.info("Templates of {} changed; reconciling every {}", watch.kind(), watch.kind());
      parts.metrics().templatesReloaded(watch.kind());
      // The status template may render another field now.
      parts.gate().check(watch);
      // Leading, the new revision is stored first, and then the resources it reaches requeued by
      // the rollouts: requeued now, they would render the revision they are on.
      if (!parts.rollouts().templatesChanged(watch)) {
        parts.workers().requeue(watch);
      }
    }

    @Override
    public void templatesRejected(TemplatedKind watch, OperatorException error) {
      LOG.error(
          "Template edit for {} rejected, keeping the last good version if there is one: {}",
          watch.kind(),
          error.getMessage());
    }

    @Override
    public void admit(WatchesChange change) {
      synchronized (Operator.this) {
        if (stopped.getCount() == 0) {
          throw new OperatorException("The operator is stopping.");
        }
        parts.admit(change);
      }
    }

    @Override
    public void kindsChanged(WatchesChange change) {
      synchronized (Operator.this) {
        if (stopped.getCount() == 0) {
          return;
        }
        LOG.info("watches.yaml changed: {}", change.describe());
        try {
          parts.follow(change);
        } catch (RuntimeException e) {
          // The watcher thread must live on to take the next edit.
          LOG.error("Cannot carry out the change of watches.yaml ({})", change.describe(), e);
        }
      }
    }

    @Override
    public void watchesRejected(OperatorException error) {
      LOG.error(
          "watches.yaml edit rejected, keeping the last good one ({}): {}",
          PublishingLeaseLock.kinds(parts.templates().watches()),
          error.getMessage());
    }
  }

  @Override
  public synchronized void close() {
    if (stopped.getCount() == 0) {
      return;
    }
    LOG.info("Stopping: finishing in-flight reconciles");
    leading = false;
    parts.workers().stop(SHUTDOWN_GRACE);
    parts.applies().shutdown();
    // Only now that no reconcile runs: the leader hands this member's resources on at once.
    parts.sharding().ifPresent(AutoSharding::close);
    if (leadership != null) {
      leadership.cancel(true);
    }
    leaderElection.shutdownNow();
    List<AutoCloseable> closeables = new ArrayList<>(parts.caches());
    parts.follower().ifPresent(closeables::add);
    closeables.add(parts.rollouts());
    closeables.add(parts.events());
    closeables.add(parts.children());
    closeables.add(parts.lookups());
    closeables.add(parts.templates());
    closeables.add(parts.health());
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
