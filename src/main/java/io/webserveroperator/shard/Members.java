package io.webserveroperator.shard;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseSpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.manifest.OperatorName;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The live members of the ring: the shard Leases in the operator's namespace that have not expired.
 * One LIST per call, by label, so that the leader sees members join and leave within a retry
 * period.
 */
public final class Members {

  private final KubernetesClient client;
  private final String namespace;
  private final OperatorName operator;
  private final Clock clock;

  public Members(KubernetesClient client, String namespace, OperatorName operator, Clock clock) {
    this.client = client;
    this.namespace = namespace;
    this.operator = operator;
    this.clock = clock;
  }

  /**
   * The live members and when the first of their Leases expires unless renewed: the moment to look
   * again, so that a dead member's resources move as soon as its Lease allows.
   *
   * @param nextExpiry empty when no member is live
   */
  public record Live(Set<String> members, Optional<Instant> nextExpiry) {}

  /**
   * The members of this operator whose Lease is live now (other operators may share the namespace).
   */
  public Live live() {
    return live(
        client
            .leases()
            .inNamespace(namespace)
            .withLabel(ShardLease.MEMBER_LABEL)
            .list()
            .getItems()
            .stream()
            .filter(lease -> ShardLease.belongsTo(lease, operator))
            .toList(),
        clock.instant());
  }

  /**
   * The holders of the Leases renewed within their duration before {@code now}. A Lease without a
   * renew time or duration counts as expired: no member would write one.
   */
  static Live live(Collection<Lease> leases, Instant now) {
    Set<String> live = new TreeSet<>();
    Instant first = null;
    for (Lease lease : leases) {
      LeaseSpec spec = lease.getSpec();
      if (spec == null
          || spec.getHolderIdentity() == null
          || spec.getRenewTime() == null
          || spec.getLeaseDurationSeconds() == null) {
        continue;
      }
      Instant expires = spec.getRenewTime().toInstant().plusSeconds(spec.getLeaseDurationSeconds());
      if (expires.isAfter(now)) {
        live.add(spec.getHolderIdentity());
        first = first == null || expires.isBefore(first) ? expires : first;
      }
    }
    return new Live(live, Optional.ofNullable(first));
  }
}
