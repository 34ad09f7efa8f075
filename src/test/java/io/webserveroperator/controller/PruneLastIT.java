package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.KubeClients;
import io.webserveroperator.testing.Closing;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prune last on a real control plane (controller manager, scheduler, kwok nodes whose pods are
 * ready at once): a Deployment renamed in its template is deleted only once the new one is
 * available, which {@code minReadySeconds} puts a few seconds after its pods are ready.
 */
class PruneLastIT {

  private static final Duration TIMEOUT = Duration.ofSeconds(60);
  private static final String NAMESPACE = "prune-last";
  private static final int MIN_READY_SECONDS = 5;

  @TempDir static Path folder;
  static Path templates;
  static LocalCluster cluster;
  static KubernetesClient admin;
  static KubernetesClient operatorClient;
  static Operator operator;

  @BeforeAll
  static void startClusterAndOperator() throws IOException {
    LocalClusterBinaries.assumePresent();
    templates = TemplateFolder.copyInto(folder.resolve("templates"));
    Path deployment = templates.resolve("webserver/deployment.yaml.j2");
    Files.writeString(
        deployment,
        Files.readString(deployment)
            .replace(
                "spec:\n  replicas:",
                "spec:\n  minReadySeconds: " + MIN_READY_SECONDS + "\n  replicas:"));
    cluster = LocalCluster.start(LocalClusterOptions.defaults());
    admin = cluster.client();
    new FolderApplier(admin, TIMEOUT).apply(Project.file("crds"));
    admin
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
        .create();
    ApiRequestCounter requests = new ApiRequestCounter();
    operatorClient = KubeClients.create(cluster.kubeconfigPath(), null, requests);
    operator =
        Operator.start(
            operatorClient,
            requests,
            OperatorOptions.defaults(templates).toBuilder()
                .namespaces(List.of(NAMESPACE))
                .workers(2)
                .healthPort(0)
                .build());
  }

  @AfterAll
  static void stop() throws Exception {
    Closing.inOrder(operator, operatorClient, cluster);
  }

  @Test
  void aRenamedDeploymentIsDeletedOnceTheNewOneIsAvailable() throws IOException {
    WebServers webServers = new WebServers(admin, NAMESPACE);
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));
    await().atMost(TIMEOUT).until(() -> ready(webServers) && available("web-deployment"));
    assertThat(deployment("web-deployment").getSpec().getMinReadySeconds())
        .isEqualTo(MIN_READY_SECONDS);

    Path template = templates.resolve("webserver/deployment.yaml.j2");
    Files.writeString(
        template,
        Files.readString(template).replace("name: {{ name }}-deployment", "name: {{ name }}-web"));
    await().atMost(TIMEOUT).until(() -> deployment("web-web") != null);

    // Sampled in this order, the old Deployment found gone means the new one was available first.
    boolean sawBoth = false;
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (true) {
      boolean oldThere = deployment("web-deployment") != null;
      boolean newAvailable = available("web-web");
      if (!oldThere) {
        assertThat(newAvailable)
            .as("the old Deployment went before the new one was available")
            .isTrue();
        break;
      }
      sawBoth |= !newAvailable;
      assertThat(System.nanoTime()).as("the old Deployment is never pruned").isLessThan(deadline);
      sleep(Duration.ofMillis(100));
    }

    assertThat(sawBoth)
        .as("the old Deployment served while the new one was not available")
        .isTrue();
    await().atMost(TIMEOUT).until(() -> ready(webServers));
    // Events are written in the background: waited for.
    await()
        .atMost(TIMEOUT)
        .untilAsserted(
            () -> {
              assertThat(events("PruneDeferred"))
                  .as("told once, however many reconciles the rollout brought")
                  .containsExactly(
                      "Deployment "
                          + NAMESPACE
                          + "/web-deployment is deleted once Deployment "
                          + NAMESPACE
                          + "/web-web is ready");
              assertThat(events("Pruned"))
                  .containsExactly("Pruned Deployment " + NAMESPACE + "/web-deployment");
            });
    assertThat(webServers.status("web").get("inventory"))
        .asList()
        .extracting(
            entry -> ((Map<?, ?>) entry).get("kind") + "/" + ((Map<?, ?>) entry).get("name"))
        .containsExactlyInAnyOrder("Deployment/web-web", "Service/web-service");
  }

  private static boolean ready(WebServers webServers) {
    return webServers
        .condition("web", "Ready")
        .map(condition -> "True".equals(condition.get("status")))
        .orElse(false);
  }

  private static Deployment deployment(String name) {
    return admin.apps().deployments().inNamespace(NAMESPACE).withName(name).get();
  }

  /** Whether the Deployment exists and its one replica is available. */
  private static boolean available(String name) {
    Deployment deployment = deployment(name);
    return deployment != null
        && deployment.getStatus() != null
        && Integer.valueOf(1).equals(deployment.getStatus().getAvailableReplicas());
  }

  /** The messages of the WebServer's events with that reason. */
  private static List<String> events(String reason) {
    return admin.v1().events().inNamespace(NAMESPACE).list().getItems().stream()
        .filter(event -> "web".equals(event.getInvolvedObject().getName()))
        .filter(event -> reason.equals(event.getReason()))
        .map(Event::getMessage)
        .toList();
  }

  private static void sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
