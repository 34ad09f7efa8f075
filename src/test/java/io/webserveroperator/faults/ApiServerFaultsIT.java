package io.webserveroperator.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.testing.Crds;
import io.webserveroperator.testing.InProcessOperators;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API server goes away under a running operator (in-process, its own client): a local cluster
 * of our own whose kube-apiserver is stopped and started again on the same port, etcd keeping the
 * data. The operator is never restarted.
 */
class ApiServerFaultsIT {

  static final int COUNT = 50;

  /**
   * Longer than {@link Waits#TIMEOUT}: all {@value #COUNT} WebServers converge after the API
   * server's restart, once the operator's watches are listed again and the requests that failed
   * during the outage are retried.
   */
  static final Duration AFTER_RESTART = Duration.ofSeconds(120);

  static final AtomicInteger NAMESPACES = new AtomicInteger();
  static LocalCluster cluster;

  @TempDir Path temp;
  KubernetesClient admin;
  String namespace;
  WebServers webServers;
  InProcessOperators operators = new InProcessOperators();
  ApiRequestCounter requests = new ApiRequestCounter();

  @BeforeAll
  static void startCluster() {
    LocalClusterBinaries.assumePresent();
    cluster =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder()
                .progress(line -> System.out.println("local cluster: " + line))
                .build());
    Crds.install(cluster.client());
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @BeforeEach
  void setUp() {
    admin = cluster.client();
    namespace = "faults-" + NAMESPACES.incrementAndGet();
    admin
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
        .create();
    webServers = new WebServers(admin, namespace);
    operators
        .on(cluster.kubeconfigPath(), TemplateFolder.copyInto(temp.resolve("templates")), namespace)
        .requests(requests)
        .start();
  }

  @AfterEach
  void tearDown() {
    operators.close();
  }

  @Test
  void everyWebServerConvergesWhenTheApiServerIsStoppedMidBurstAndRestarted() throws Exception {
    CompletableFuture<Void> burst =
        CompletableFuture.runAsync(
            () -> {
              for (int i = 0; i < COUNT; i++) {
                createDespiteOutage("web-" + i);
              }
            });
    Waits.until(
        Waits.await("the Deployments made before the outage").pollInterval(Duration.ofMillis(50)),
        () -> deploymentCount(),
        seen -> seen >= 10);

    cluster.stopApiServer();
    Thread.sleep(3000);
    cluster.startApiServer();
    burst.join();

    Waits.await("every WebServer converged after the restart")
        .atMost(AFTER_RESTART)
        .untilAsserted(
            () -> {
              for (int i = 0; i < COUNT; i++) {
                assertThat(webServers.condition("web-" + i, "Ready"))
                    .as("web-%d", i)
                    .hasValueSatisfying(c -> assertThat(c).containsEntry("status", "True"));
                assertThat(webServers.status("web-" + i))
                    .containsEntry("observedGeneration", 1)
                    .containsEntry("availableReplicas", 1);
              }
            });
    assertThat(webServers.named("web-0").get()).isNotNull();
    assertThat(admin.genericKubernetesResources(WebServers.KIND).inNamespace(namespace).list())
        .satisfies(list -> assertThat(list.getItems()).hasSize(COUNT));
    assertThat(admin.apps().deployments().inNamespace(namespace).list().getItems()).hasSize(COUNT);
    assertThat(admin.services().inNamespace(namespace).list().getItems()).hasSize(COUNT);
  }

  @Test
  void watchesThatExpireWhileTheApiServerIsAwayAreListedAgain() throws Exception {
    webServers.create("before", Map.of("image", "nginx", "replicas", 1));
    Waits.until(
        "before's Ready condition",
        () -> webServers.condition("before", "Ready"),
        Optional::isPresent);
    // History the operator never saw: revisions after its informers' last resource versions.
    for (int i = 0; i < 100; i++) {
      admin
          .configMaps()
          .inNamespace("default")
          .resource(
              new ConfigMapBuilder()
                  .withNewMetadata()
                  .withName("churn-" + namespace)
                  .endMetadata()
                  .addToData("i", Integer.toString(i))
                  .build())
          .serverSideApply();
    }
    long listsBefore = requests.count("list");

    cluster.stopApiServer();
    long compacted = cluster.compactEtcd();
    cluster.startApiServer();

    webServers.create("after", Map.of("image", "nginx", "replicas", 1));
    webServers.patchSpec("before", Map.of("replicas", 3));
    Waits.untilAsserted(
        () -> {
          assertThat(deployment("after")).isNotNull();
          assertThat(deployment("before").getSpec().getReplicas()).isEqualTo(3);
          assertThat(webServers.status("before")).containsEntry("observedGeneration", 2);
          assertThat(webServers.condition("after", "Ready")).isPresent();
        });
    assertThat(requests.count("list"))
        .as(
            "informers relisted after 410 Gone (etcd compacted at revision %d); a plain"
                + " reconnect resumes the watch without a list",
            compacted)
        .isGreaterThan(listsBefore);
  }

  /** Creates a WebServer, retrying through the outage; a create that landed before is kept. */
  private void createDespiteOutage(String name) {
    Instant deadline = Instant.now().plusSeconds(120);
    while (true) {
      try {
        webServers.create(name, Map.of("image", "nginx", "replicas", 1));
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() == 409) {
          return;
        }
        if (Instant.now().isAfter(deadline)) {
          throw e;
        }
        try {
          Thread.sleep(200);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  private int deploymentCount() {
    try {
      return admin.apps().deployments().inNamespace(namespace).list().getItems().size();
    } catch (KubernetesClientException e) {
      return 0;
    }
  }

  private Deployment deployment(String name) {
    return admin.apps().deployments().inNamespace(namespace).withName(name + "-deployment").get();
  }
}
