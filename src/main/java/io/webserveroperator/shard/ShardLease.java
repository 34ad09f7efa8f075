package io.webserveroperator.shard;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.webserveroperator.manifest.OperatorName;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This member's own Lease, {@code OPERATOR-shard-MEMBER} (OPERATOR being the operator's name),
 * labelled with its member and its operator: created on {@link #start}, renewed every retry period,
 * deleted on {@link #close} so that the leader hands the member's resources to others at once. When
 * renewing has failed for the renew deadline, {@code onLost} runs once: the member must stop before
 * its Lease expires and others take over its resources.
 */
public final class ShardLease implements AutoCloseable {

  /** Label of every shard Lease, naming its member; the leader lists Leases by it. */
  public static final String MEMBER_LABEL = "webserver-operator.io/shard-member";

  /** What follows the operator's name in the Lease names. */
  private static final String INFIX = "-shard-";

  private static final Logger LOG = LoggerFactory.getLogger(ShardLease.class);
  private static final DateTimeFormatter MICRO_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

  private final KubernetesClient client;
  private final String namespace;
  private final OperatorName operator;
  private final String member;
  private final LeaseTimings timings;
  private final Runnable onLost;
  private final Clock clock;
  private final AtomicBoolean lost = new AtomicBoolean();
  private final ScheduledExecutorService renewer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread thread = new Thread(r, "shard-lease");
            thread.setDaemon(true);
            return thread;
          });
  private volatile Instant lastRenewed;

  public ShardLease(
      KubernetesClient client,
      String namespace,
      OperatorName operator,
      String member,
      LeaseTimings timings,
      Runnable onLost,
      Clock clock) {
    this.client = client;
    this.namespace = namespace;
    this.operator = operator;
    this.member = member;
    this.timings = timings;
    this.onLost = onLost;
    this.clock = clock;
  }

  /** The Lease's name. */
  public String name() {
    return operator.value() + INFIX + member;
  }

  /**
   * Whether a Lease labelled {@link #MEMBER_LABEL} is a member Lease of {@code operator}: named
   * after it, and labelled with it (or, for the default name, not labelled yet, as before names).
   */
  public static boolean belongsTo(Lease lease, OperatorName operator) {
    Map<String, String> labels = lease.getMetadata().getLabels();
    return lease.getMetadata().getName().startsWith(operator.value() + INFIX)
        && operator.owns(labels == null ? null : labels.get(OperatorName.LABEL));
  }

  /** Creates the Lease (or renews one left by an earlier run), then renews it in the background. */
  public void start() {
    Instant now = clock.instant();
    try {
      client.leases().inNamespace(namespace).resource(lease(now)).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
      renew(now);
    }
    lastRenewed = now;
    LOG.info("Joined the shard ring as {} (Lease {}/{})", member, namespace, name());
    long period = timings.retryPeriod().toMillis();
    renewer.scheduleWithFixedDelay(this::renewOrGiveUp, period, period, TimeUnit.MILLISECONDS);
  }

  private void renewOrGiveUp() {
    Instant now = clock.instant();
    try {
      try {
        renew(now);
      } catch (KubernetesClientException e) {
        if (e.getCode() != 404) {
          throw e;
        }
        // Deleted by someone else: it must be there for the leader to count this member.
        client.leases().inNamespace(namespace).resource(lease(now)).create();
      }
      lastRenewed = now;
    } catch (RuntimeException e) {
      Duration since = Duration.between(lastRenewed, now);
      LOG.warn(
          "Cannot renew the shard Lease {} ({} since the last renewal): {}",
          name(),
          since,
          e.getMessage());
      if (since.compareTo(timings.renewDeadline()) >= 0 && lost.compareAndSet(false, true)) {
        LOG.warn("Gave up renewing the shard Lease {}; stopping", name());
        renewer.shutdown();
        onLost.run();
      }
    }
  }

  private void renew(Instant now) {
    String patch =
        "{\"spec\":{\"holderIdentity\":\""
            + member
            + "\",\"leaseDurationSeconds\":"
            + timings.leaseDuration().toSeconds()
            + ",\"renewTime\":\""
            + MICRO_TIME.format(now)
            + "\"}}";
    // Naming an object, rather than only its name, spares the GET the client would do first.
    client
        .leases()
        .inNamespace(namespace)
        .resource(lease(now))
        .patch(PatchContext.of(PatchType.JSON_MERGE), patch);
  }

  private Lease lease(Instant now) {
    ZonedDateTime time = ZonedDateTime.ofInstant(now, ZoneOffset.UTC);
    return new LeaseBuilder()
        .withNewMetadata()
        .withName(name())
        .withNamespace(namespace)
        .addToLabels(MEMBER_LABEL, member)
        .addToLabels(OperatorName.LABEL, operator.value())
        .endMetadata()
        .withNewSpec()
        .withHolderIdentity(member)
        .withLeaseDurationSeconds((int) timings.leaseDuration().toSeconds())
        .withAcquireTime(time)
        .withRenewTime(time)
        .endSpec()
        .build();
  }

  /** Stops renewing and deletes the Lease: call it only once this member has stopped writing. */
  @Override
  public void close() {
    renewer.shutdownNow();
    if (lost.get()) {
      return;
    }
    try {
      client.leases().inNamespace(namespace).withName(name()).delete();
      LOG.info("Left the shard ring: deleted the Lease {}/{}", namespace, name());
    } catch (KubernetesClientException e) {
      LOG.warn("Cannot delete the shard Lease {}; it expires on its own: {}", name(), e.toString());
    }
  }
}
