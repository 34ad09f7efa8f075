package io.webserveroperator.shard;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseSpec;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * How long ago this process saw each member's Lease last renewed, on its own monotonic clock: a
 * renewal is a new {@code holderIdentity} and {@code renewTime}, and its age counts from the first
 * look that saw it. The renew time is compared with nothing, so another node's clock can be off by
 * any amount; a Lease first seen now is taken as renewed now, so an observer that just started
 * waits a whole lease duration before it calls anyone dead. Every age is at most the true time
 * since the renewal: a member is called dead only when it truly has not renewed for its lease
 * duration, longer than the renew deadline after which it stops itself.
 *
 * <p>Not thread-safe: {@link Members} calls it under its lock.
 */
final class LeaseAges {

  /** A renewal as seen: what it wrote, and when (nanos) this process first saw it. */
  private record Seen(String renewal, long firstSeen, Duration leaseDuration) {}

  private final Map<String, Seen> seen = new HashMap<>();

  /**
   * Records what the Leases say {@code now} (nanos of this process's monotonic clock); Leases gone
   * from the list are forgotten. A Lease without holder, renew time or duration is never live.
   */
  void observe(Collection<Lease> leases, long now) {
    Map<String, Seen> next = new HashMap<>();
    for (Lease lease : leases) {
      LeaseSpec spec = lease.getSpec();
      if (spec == null
          || spec.getHolderIdentity() == null
          || spec.getRenewTime() == null
          || spec.getLeaseDurationSeconds() == null) {
        continue;
      }
      String renewal = spec.getHolderIdentity() + "@" + spec.getRenewTime().toInstant();
      Seen before = seen.get(spec.getHolderIdentity());
      next.put(
          spec.getHolderIdentity(),
          before != null && before.renewal().equals(renewal)
              ? before
              : new Seen(renewal, now, Duration.ofSeconds(spec.getLeaseDurationSeconds())));
    }
    seen.clear();
    seen.putAll(next);
  }

  /**
   * The members whose last renewal this process saw less than their lease duration ago, and how
   * long until the first of them expires unless renewed (empty when none is live).
   */
  Members.Live live(long now) {
    Set<String> live = new TreeSet<>();
    Duration first = null;
    for (var entry : seen.entrySet()) {
      Duration left =
          entry.getValue().leaseDuration().minusNanos(now - entry.getValue().firstSeen());
      if (!left.isNegative() && !left.isZero()) {
        live.add(entry.getKey());
        first = first == null || left.compareTo(first) < 0 ? left : first;
      }
    }
    return new Members.Live(live, Optional.ofNullable(first));
  }
}
