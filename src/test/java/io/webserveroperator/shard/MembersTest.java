package io.webserveroperator.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.webserveroperator.manifest.OperatorName;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MembersTest {

  private static final Instant NOW = Instant.parse("2026-12-01T03:00:00Z");

  @Test
  void aMemberIsLiveUntilItsLeaseDurationHasPassedSinceItsLastRenewalAndTheFirstExpiryIsKnown() {
    List<Lease> leases =
        List.of(
            lease("renewed-now", NOW, 15),
            lease("renewed-14s-ago", NOW.minusSeconds(14), 15),
            lease("renewed-15s-ago", NOW.minusSeconds(15), 15),
            lease("renewed-an-hour-ago", NOW.minusSeconds(3600), 15));

    Members.Live live = Members.live(leases, NOW);

    assertThat(live.members()).containsExactly("renewed-14s-ago", "renewed-now");
    assertThat(live.nextExpiry()).contains(NOW.plusSeconds(1));
  }

  @Test
  void anOperatorsMembersAreItsOwnLeasesNotThoseOfAnotherOperatorInTheNamespace() {
    OperatorName shop = new OperatorName("shop");
    Lease unlabelled = lease("old", NOW, 15);
    Lease labelled = lease("new", NOW, 15);
    labelled.getMetadata().setLabels(Map.of(OperatorName.LABEL, "webserver-operator"));
    Lease shops = lease("a", NOW, 15);
    shops.getMetadata().setName("shop-shard-a");
    shops.getMetadata().setLabels(Map.of(OperatorName.LABEL, "shop"));
    // Named as shop's would be, but another operator's ("shop-shard-x" runs beside "shop").
    Lease lookalike = lease("b", NOW, 15);
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

  @Test
  void aLeaseWithoutRenewTimeIsNotAMember() {
    Lease lease = lease("never-renewed", NOW, 15);
    lease.getSpec().setRenewTime(null);

    assertThat(Members.live(List.of(lease), NOW).members()).isEmpty();
    assertThat(Members.live(List.of(lease), NOW).nextExpiry()).isEmpty();
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
