package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PublishingLeaseLockTest {

  private static final long SECOND = 1_000_000_000L;

  @Test
  void theElectorSeesARenewalAsOfWhenThisReplicaFirstReadItNotTheHoldersRenewTime() {
    AtomicLong nanos = new AtomicLong();
    PublishingLeaseLock lock = new PublishingLeaseLock("ns", "op", "me", List::of, nanos::get);
    Instant anHourAgo = Instant.now().minusSeconds(3600);

    Instant first = lock.toRecord(lease(anHourAgo)).getRenewTime().toInstant();
    nanos.set(14 * SECOND);
    Instant same = lock.toRecord(lease(anHourAgo)).getRenewTime().toInstant();
    nanos.set(16 * SECOND);
    Instant renewed = lock.toRecord(lease(anHourAgo.plusSeconds(2))).getRenewTime().toInstant();

    assertThat(Duration.between(first, Instant.now())).isLessThan(Duration.ofSeconds(1));
    assertThat(Duration.between(same, Instant.now()))
        .isBetween(Duration.ofSeconds(14), Duration.ofSeconds(15));
    assertThat(Duration.between(renewed, Instant.now())).isLessThan(Duration.ofSeconds(1));
  }

  private static Lease lease(Instant renewed) {
    return new LeaseBuilder()
        .withNewMetadata()
        .withName("op")
        .withNamespace("ns")
        .endMetadata()
        .withNewSpec()
        .withHolderIdentity("other")
        .withLeaseDurationSeconds(15)
        .withAcquireTime(ZonedDateTime.ofInstant(renewed, ZoneOffset.UTC))
        .withRenewTime(ZonedDateTime.ofInstant(renewed, ZoneOffset.UTC))
        .endSpec()
        .build();
  }
}
