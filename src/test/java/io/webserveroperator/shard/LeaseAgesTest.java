package io.webserveroperator.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.webserveroperator.manifest.OperatorName;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LeaseAgesTest {

  /** A renew time far from the observer's clock: it is compared with nothing. */
  private static final Instant SKEWED = Instant.parse("2026-12-01T03:00:00Z");

  private static final long SECOND = 1_000_000_000L;

  @Test
  void aRenewalCountsFromTheFirstLookThatSawItNotFromTheRenewTimeItCarries() {
    LeaseAges ages = new LeaseAges();
    ages.observe(
        List.of(
            lease("an-hour-behind", SKEWED.minusSeconds(3600), 15),
            lease("a-day-ahead", SKEWED.plusSeconds(86_400), 15)),
        0);

    assertThat(ages.live(14 * SECOND).members()).containsExactly("a-day-ahead", "an-hour-behind");
    assertThat(ages.live(14 * SECOND).untilFirstExpiry()).contains(Duration.ofSeconds(1));
    assertThat(ages.live(15 * SECOND).members()).isEmpty();
    assertThat(ages.live(15 * SECOND).untilFirstExpiry()).isEmpty();
  }

  @Test
  void aMemberThatRenewsStaysLiveAndOneThatStopsIsDeadALeaseDurationAfterItsLastRenewalWasSeen() {
    LeaseAges ages = new LeaseAges();
    ages.observe(List.of(lease("a", SKEWED, 15), lease("b", SKEWED, 15)), 0);
    // b stops renewing; a renews every 2 s.
    for (int second = 2; second <= 20; second += 2) {
      ages.observe(
          List.of(lease("a", SKEWED.plusSeconds(second), 15), lease("b", SKEWED, 15)),
          second * SECOND);
    }

    assertThat(ages.live(20 * SECOND).members()).containsExactly("a");
    assertThat(ages.live(20 * SECOND).untilFirstExpiry()).contains(Duration.ofSeconds(15));
  }

  @Test
  void aLeaseDeletedOrWithoutRenewTimeIsNotAMember() {
    LeaseAges ages = new LeaseAges();
    Lease never = lease("never-renewed", SKEWED, 15);
    never.getSpec().setRenewTime(null);
    ages.observe(List.of(lease("leaving", SKEWED, 15), never), 0);
    assertThat(ages.live(0).members()).containsExactly("leaving");

    ages.observe(List.of(never), SECOND);

    assertThat(ages.live(SECOND).members()).isEmpty();
    assertThat(ages.live(SECOND).untilFirstExpiry()).isEmpty();
  }

  @Test
  void anOperatorsMembersAreItsOwnLeasesNotThoseOfAnotherOperatorInTheNamespace() {
    OperatorName shop = new OperatorName("shop");
    Lease unlabelled = lease("old", SKEWED, 15);
    Lease labelled = lease("new", SKEWED, 15);
    labelled.getMetadata().setLabels(Map.of(OperatorName.LABEL, "webserver-operator"));
    Lease shops = lease("a", SKEWED, 15);
    shops.getMetadata().setName("shop-shard-a");
    shops.getMetadata().setLabels(Map.of(OperatorName.LABEL, "shop"));
    // Named as shop's would be, but another operator's ("shop-shard-x" runs beside "shop").
    Lease lookalike = lease("b", SKEWED, 15);
    lookalike.getMetadata().setName("shop-shard-x-shard-b");
    lookalike.getMetadata().setLabels(Map.of(OperatorName.LABEL, "shop-shard-x"));

    assertThat(
            List.of(unlabelled, labelled, shops, lookalike).stream()
                .filter(lease -> ShardLease.belongsTo(lease, OperatorName.defaults())))
        .containsExactly(unlabelled, labelled);
    assertThat(
            List.of(unlabelled, labelled, shops, lookalike).stream()
                .filter(lease -> ShardLease.belongsTo(lease, shop)))
        .containsExactly(shops);
  }

  private static Lease lease(String holder, Instant renewed, int seconds) {
    return new LeaseBuilder()
        .withNewMetadata()
        .withName("webserver-operator-shard-" + holder)
        .endMetadata()
        .withNewSpec()
        .withHolderIdentity(holder)
        .withLeaseDurationSeconds(seconds)
        .withRenewTime(ZonedDateTime.ofInstant(renewed, ZoneOffset.UTC))
        .endSpec()
        .build();
  }
}
