package io.webserveroperator.shard;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.manifest.OperatorName;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The live members of the ring: the shard Leases in the operator's namespace that this process saw
 * renewed within their lease duration, timed on its own clock ({@link LeaseAges}). Every member
 * looks once a retry period ({@link #observe}), so that when it becomes the leader it already knows
 * how long each Lease has gone without a renewal. One LIST per look, by label.
 *
 * <p>Thread-safe.
 */
public final class Members {

  private final KubernetesClient client;
  private final String namespace;
  private final OperatorName operator;
  private final LongSupplier nanos;
  private final LeaseAges ages = new LeaseAges();

  /**
   * @param nanos this process's monotonic clock, {@code System::nanoTime}
   */
  public Members(
      KubernetesClient client, String namespace, OperatorName operator, LongSupplier nanos) {
    this.client = client;
    this.namespace = namespace;
    this.operator = operator;
    this.nanos = nanos;
  }

  /**
   * The live members and how long until the first of their Leases expires unless renewed: when to
   * look again, so that a dead member's resources move as soon as its Lease allows.
   *
   * @param untilFirstExpiry empty when no member is live
   */
  public record Live(Set<String> members, Optional<Duration> untilFirstExpiry) {}

  /**
   * Lists this operator's member Leases (other operators may share the namespace) and notes them.
   */
  public void observe() {
    var leases =
        client
            .leases()
            .inNamespace(namespace)
            .withLabel(ShardLease.MEMBER_LABEL)
            .list()
            .getItems()
            .stream()
            .filter(lease -> ShardLease.belongsTo(lease, operator))
            .toList();
    synchronized (ages) {
      ages.observe(leases, nanos.getAsLong());
    }
  }

  /** Looks at the Leases, then says which members are live now. */
  public Live live() {
    observe();
    synchronized (ages) {
      return ages.live(nanos.getAsLong());
    }
  }
}
