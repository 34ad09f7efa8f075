package io.webserveroperator.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two replicas with leader election, each a child JVM. While the leader works, the standby sends no
 * write at all (its /metrics says so, polled throughout). The leader is killed with SIGKILL, so it
 * releases nothing: the standby waits for the Lease to expire, takes it within 25 s, and only then
 * writes. The leader is dead before the standby's first write, so their leadership never overlaps.
 */
class LeaderFailoverIT {

  /**
   * The 15 s Lease counted on the standby's own clock from when it saw the last renewal (up to one
   * 2 s retry period after it was made), then up to one more retry period before it tries: 19 s,
   * and its first write.
   */
  static final Duration TAKEOVER = Duration.ofSeconds(25);

  /** Its first write is the Lease it takes; it logs that it leads just after, within this. */
  static final Duration LOGS_IT_LEADS = Duration.ofSeconds(5);

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("leader");

  @Test
  void theStandbyTakesOverAKilledLeaderOnceItsLeaseExpiredAndNeverWritesBefore() {
    // One after the other: started together, both would race to create the Lease, and the
    // loser's rejected create would count as a write.
    try (OperatorProcess leader = cluster.startOperatorJvm("leader", true)) {
      Waits.until(leader + " leading", () -> leading(leader), leads -> leads);
      try (OperatorProcess standby = cluster.startOperatorJvm("standby", true)) {
        failOver(cluster.admin(), cluster.namespace(), cluster.webServers(), leader, standby);
      }
    }
  }

  private static void failOver(
      KubernetesClient admin,
      String namespace,
      WebServers webServers,
      OperatorProcess leader,
      OperatorProcess standby) {
    standby.awaitReady(Waits.TIMEOUT);
    String leaderIdentity = lease(admin, namespace).getSpec().getHolderIdentity();

    for (int i = 0; i < 10; i++) {
      webServers.create("web-" + i, Map.of("image", "nginx", "replicas", 1));
    }
    // Polled throughout: until the leader has reconciled all ten and for 6 s at least.
    Waits.await("the standby idle while the leader reconciles all ten")
        .during(Duration.ofSeconds(6))
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(
            () -> {
              assertThat(standby.requests().writes())
                  .as("writes of the standby while the other leads")
                  .isZero();
              assertThat(leading(standby)).as("the standby leads").isFalse();
              assertThat(allReconciled(webServers, 10)).as("all ten reconciled").isTrue();
            });
    assertThat(leader.requests().writes()).isPositive();

    leader.kill();
    Instant killed = Instant.now();
    webServers.create("after-failover", Map.of("image", "nginx", "replicas", 1));
    Waits.until(
        Waits.await("the standby's first write, the time without a leader")
            .atMost(TAKEOVER)
            .pollInterval(Duration.ofMillis(100)),
        () -> standby.requests().writes(),
        writes -> writes > 0);
    Instant firstWrite = Instant.now();

    Waits.until(
        Waits.await(standby + " leading after its first write").atMost(LOGS_IT_LEADS),
        () -> leading(standby),
        leads -> leads);
    assertThat(firstWrite).isAfter(killed);
    Lease lease = lease(admin, namespace);
    assertThat(lease.getSpec().getHolderIdentity()).isNotEqualTo(leaderIdentity);
    assertThat(lease.getSpec().getLeaseTransitions()).isPositive();
    Waits.until(
        "after-failover's Ready condition",
        () -> webServers.condition("after-failover", "Ready"),
        Optional::isPresent);
    System.out.printf(
        "LeaderFailoverIT: first write of the new leader %d ms after the kill%n",
        Duration.between(killed, firstWrite).toMillis());
  }

  /** Whether it logged that it took the Lease and started its workers. */
  private static boolean leading(OperatorProcess operator) {
    return operator.log().contains("Starting 2 workers");
  }

  private static boolean allReconciled(WebServers webServers, int count) {
    for (int i = 0; i < count; i++) {
      if (webServers.condition("web-" + i, "Ready").isEmpty()) {
        return false;
      }
    }
    return true;
  }

  private static Lease lease(KubernetesClient admin, String namespace) {
    return admin.leases().inNamespace(namespace).withName("webserver-operator").get();
  }
}
