package io.webserveroperator.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.WebServers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator, a child JVM, is killed with SIGKILL in the middle of a burst of 50 new WebServers.
 * A new one converges every WebServer and duplicates nothing: one Deployment and one Service each,
 * and the objects the first one made keep their uids.
 */
class OperatorKillIT {

  static final int COUNT = 50;

  @TempDir Path temp;

  @Test
  void aKilledOperatorsSuccessorConvergesEveryWebServerWithoutDuplicates() throws Exception {
    KubernetesClient admin = KubeTestBed.get().withCrds().client();
    String namespace = KubeTestBed.get().newNamespace("kill");
    WebServers webServers = new WebServers(admin, namespace);
    Path kubeconfig = KubeTestBed.get().writeKubeConfig(temp);
    Path templates = TemplateFolder.copyInto(temp.resolve("templates"));

    Map<String, String> uidsAtKill;
    try (OperatorProcess first =
        OperatorProcess.start("first", kubeconfig, templates, namespace, false, temp)) {
      await().atMost(Duration.ofSeconds(60)).until(first::ready);
      CompletableFuture<Void> burst =
          CompletableFuture.runAsync(
              () -> {
                for (int i = 0; i < COUNT; i++) {
                  webServers.create("web-" + i, Map.of("image", "nginx", "replicas", 1));
                }
              });
      await()
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> deployments(admin, namespace).size() >= 10);

      first.kill();
      uidsAtKill = new HashMap<>(deployments(admin, namespace));
      uidsAtKill.putAll(services(admin, namespace));
      burst.join();
      assertThat(uidsAtKill.size())
          .as("killed in the middle: some but not all children exist")
          .isLessThan(2 * COUNT);
    }

    try (OperatorProcess second =
        OperatorProcess.start("second", kubeconfig, templates, namespace, false, temp)) {
      await()
          .atMost(Duration.ofSeconds(90))
          .untilAsserted(
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
