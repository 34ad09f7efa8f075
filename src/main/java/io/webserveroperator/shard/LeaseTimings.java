package io.webserveroperator.shard;

import java.time.Duration;
import java.util.Objects;

/**
 * How a member keeps its Lease, with the leader Lease's timings: renewed every {@code retryPeriod};
 * a member that could not renew for {@code renewDeadline} stops, before its Lease expires after
 * {@code leaseDuration} and its resources go to others. The operator takes them from the leader
 * election options, which check that they fit together.
 */
public record LeaseTimings(Duration leaseDuration, Duration renewDeadline, Duration retryPeriod) {

  public LeaseTimings {
    Objects.requireNonNull(leaseDuration, "leaseDuration");
    Objects.requireNonNull(renewDeadline, "renewDeadline");
    Objects.requireNonNull(retryPeriod, "retryPeriod");
  }
}
