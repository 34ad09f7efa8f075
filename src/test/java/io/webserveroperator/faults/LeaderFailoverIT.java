package io.webserveroperator.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.WebServers;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two replicas with leader election, each a child JVM. While the leader works, the standby sends no
 * write at all (its /metrics says so, polled throughout). The leader is killed with SIGKILL, so it
 * releases nothing: the standby waits for the Lease to expire, takes it within 20 s, and only then
 * writes. The leader is dead before the standby's first write, so their leadership never overlaps.
 */
class LeaderFailoverIT {

  static final Duration TAKEOVER = Duration.ofSeconds(20);

  @TempDir Path temp;

  @Test
  void theStandbyTakesOverAKilledLeaderWithin20SecondsAndNeverWritesBefore() throws Exception {
    KubernetesClient admin = KubeTestBed.get().withCrds().client();
    String namespace = KubeTestBed.get().newNamespace("leader");
    WebServers webServers = new WebServers(admin, namespace);
    Path kubeconfig = KubeTestBed.get().writeKubeConfig(temp);
    Path templates = TemplateFolder.copyInto(temp.resolve("templates"));

    // One after the other: started together, both would race to create the Lease, and the
    // loser's rejected create would count as a write.
    try (OperatorProcess leader =
        OperatorProcess.start("leader", kubeconfig, templates, namespace, true, temp)) {
      await().atMost(Duration.ofSeconds(60)).until(leader::leading);
      try (OperatorProcess standby =
          OperatorProcess.start("standby", kubeconfig, templates, namespace, true, temp)) {
        failOver(admin, namespace, webServers, leader, standby);
      }
    }
  }

  private static void failOver(
      KubernetesClient admin,
      String namespace,
      WebServers webServers,
      OperatorProcess leader,
      OperatorProcess standby)
      throws InterruptedException {
    await().atMost(Duration.ofSeconds(60)).until(standby::ready);
    String leaderIdentity = lease(admin, namespace).getSpec().getHolderIdentity();

    for (int i = 0; i < 10; i++) {
      webServers.create("web-" + i, Map.of("image", "nginx", "replicas", 1));
    }
    Instant watchUntil = Instant.now().plusSeconds(6);
    while (Instant.now().isBefore(watchUntil) || !allReconciled(webServers, 10)) {
      assertThat(standby.writes()).as("writes of the standby while the other leads").isZero();
      assertThat(standby.leading()).isFalse();
      Thread.sleep(200);
    }
    assertThat(leader.writes()).isPositive();

    leader.kill();
    Instant killed = Instant.now();
    webServers.create("after-failover", Map.of("image", "nginx", "replicas", 1));
    Instant firstWrite = null;
    while (firstWrite == null) {
      long writes = standby.writes();
      if (writes > 0) {
        firstWrite = Instant.now();
      } else {
        assertThat(Duration.between(killed, Instant.now()))
            .as("time without a leader")
            .isLessThan(TAKEOVER);
        Thread.sleep(100);
      }
    }

    assertThat(standby.leading()).isTrue();
    assertThat(firstWrite).isAfter(killed);
    Lease lease = lease(admin, namespace);
    assertThat(lease.getSpec().getHolderIdentity()).isNotEqualTo(leaderIdentity);
    assertThat(lease.getSpec().getLeaseTransitions()).isPositive();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> webServers.condition("after-failover", "Ready").isPresent());
    System.out.printf(
        "LeaderFailoverIT: first write of the new leader %d ms after the kill%n",
        Duration.between(killed, firstWrite).toMillis());
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
