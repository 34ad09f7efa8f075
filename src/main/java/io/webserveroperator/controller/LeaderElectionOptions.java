package io.webserveroperator.controller;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.Objects;

/**
 * Whether and how replicas elect the one that writes, through a Lease.
 *
 * <p>The Lease is the operator's: named as it is ({@link OperatorOptions#name}), in its namespace
 * ({@link OperatorOptions#operatorNamespace}).
 *
 * @param enabled whether to take the Lease before writing; off, this replica writes at once
 * @param identity this replica's name in the Lease
 * @param leaseDuration how long a Lease not renewed keeps others out (after a crash, say)
 * @param renewDeadline how long the leader keeps trying to renew before it gives up and stops
 * @param retryPeriod how often the leader renews and the others try to take over; a released Lease
 *     is taken within 1 to 2.2 of these
 */
@RecordBuilder
public record LeaderElectionOptions(
    boolean enabled,
    String identity,
    Duration leaseDuration,
    Duration renewDeadline,
    Duration retryPeriod) {

  /** controller-runtime's timings: 15 s lease, 10 s renew deadline, 2 s retry. */
  public static final Duration LEASE_DURATION = Duration.ofSeconds(15);

  public static final Duration RENEW_DEADLINE = Duration.ofSeconds(10);
  public static final Duration RETRY_PERIOD = Duration.ofSeconds(2);

  /**
   * Sharded automatically: a SIGKILLed replica's resources wait for its Leases to expire, so they
   * are shorter (the killed leader's resources move within 20 s). The retry period, and with it the
   * renewal load, stays; a replica that cannot renew still stops 4 s before others take over.
   */
  public static final Duration SHARDED_LEASE_DURATION = Duration.ofSeconds(10);

  public static final Duration SHARDED_RENEW_DEADLINE = Duration.ofSeconds(6);

  /** The jitter fabric8's elector adds to a retry, at most this factor of the period. */
  private static final double JITTER = 1.2;

  public LeaderElectionOptions {
    Objects.requireNonNull(identity, "identity");
    Objects.requireNonNull(leaseDuration, "leaseDuration");
    Objects.requireNonNull(renewDeadline, "renewDeadline");
    Objects.requireNonNull(retryPeriod, "retryPeriod");
    // As client-go checks: a leader must give up before its Lease can be taken, and retry in time.
    if (leaseDuration.compareTo(renewDeadline) <= 0) {
      throw new IllegalArgumentException(
          "The lease duration ("
              + leaseDuration
              + ") must be longer than the renew deadline ("
              + renewDeadline
              + ").");
    }
    if (renewDeadline.toMillis() <= JITTER * retryPeriod.toMillis()
        || retryPeriod.isZero()
        || retryPeriod.isNegative()) {
      throw new IllegalArgumentException(
          "The renew deadline ("
              + renewDeadline
              + ") must be longer than "
              + JITTER
              + " times the retry period ("
              + retryPeriod
              + "), which must be positive.");
    }
  }

  /** Off: this replica writes at once. */
  public static LeaderElectionOptions disabled(String identity) {
    return new LeaderElectionOptions(false, identity, LEASE_DURATION, RENEW_DEADLINE, RETRY_PERIOD);
  }

  /** A builder holding these options, to change some of them. */
  public LeaderElectionOptionsBuilder toBuilder() {
    return LeaderElectionOptionsBuilder.builder(this);
  }
}
