package io.webserveroperator.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The operator, a child JVM, is killed with SIGKILL while it works through a batch of new
 * WebServers: once it has made the children of some of them. More WebServers come while no operator
 * runs. A new one converges every WebServer and duplicates nothing: one Deployment and one Service
 * each, and the objects the first one made keep their uids.
 *
 * <p>The test decides when the kill lands, so whatever the machine's speed, the first operator has
 * done some of the work and cannot have done all of it.
 */
class OperatorKillIT {

  static final int BEFORE_KILL = 25;
  static final int AFTER_KILL = 25;
  static final int COUNT = BEFORE_KILL + AFTER_KILL;

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("kill");

  @Test
  void aKilledOperatorsSuccessorConvergesEveryWebServerWithoutDuplicates() {
    KubernetesClient admin = cluster.admin();
    String namespace = cluster.namespace();
    WebServers webServers = cluster.webServers();

    Map<String, String> uidsAtKill;
    try (OperatorProcess first = cluster.startOperatorJvm("first", false)) {
      first.awaitReady(Waits.TIMEOUT);
      createWebServers(webServers, 0, BEFORE_KILL);
      Waits.until(
          Waits.await("the Deployments made before the kill").pollInterval(Duration.ofMillis(50)),
          () -> deployments(admin, namespace).size(),
          seen -> seen >= 10);

      first.kill();
      uidsAtKill = new HashMap<>(deployments(admin, namespace));
      uidsAtKill.putAll(services(admin, namespace));
    }
    createWebServers(webServers, BEFORE_KILL, COUNT);

    try (OperatorProcess second = cluster.startOperatorJvm("second", false)) {
      Waits.untilAsserted(
          () -> {
            assertThat(deployments(admin, namespace)).hasSize(COUNT);
            assertThat(services(admin, namespace)).hasSize(COUNT);
            for (int i = 0; i < COUNT; i++) {
              assertThat(webServers.status("web-" + i))
                  .as("status of web-%d", i)
                  .containsEntry("observedGeneration", 1)
                  .containsKey("conditions");
            }
          });
      Map<String, String> now = new HashMap<>(deployments(admin, namespace));
      now.putAll(services(admin, namespace));
      assertThat(now).containsAllEntriesOf(uidsAtKill);
      assertThat(admin.apps().deployments().inNamespace(namespace).list().getItems())
          .hasSize(COUNT);
      assertThat(admin.services().inNamespace(namespace).list().getItems()).hasSize(COUNT);
    }
  }

  /** Creates {@code web-FROM} to {@code web-(TO - 1)}. */
  private static void createWebServers(WebServers webServers, int from, int to) {
    for (int i = from; i < to; i++) {
      webServers.create("web-" + i, Map.of("image", "nginx", "replicas", 1));
    }
  }

  private static Map<String, String> deployments(KubernetesClient admin, String namespace) {
    return uids(admin.apps().deployments().inNamespace(namespace).list().getItems());
  }

  private static Map<String, String> services(KubernetesClient admin, String namespace) {
    return uids(admin.services().inNamespace(namespace).list().getItems());
  }

  private static Map<String, String> uids(List<? extends HasMetadata> objects) {
    return objects.stream()
        .collect(
            Collectors.toMap(
                o -> o.getKind() + "/" + o.getMetadata().getName(), o -> o.getMetadata().getUid()));
  }
}
