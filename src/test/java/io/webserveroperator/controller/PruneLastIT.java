package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.testing.Closing;
import io.webserveroperator.testing.InProcessOperators;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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

  private static final String NAMESPACE = "prune-last";
  private static final int MIN_READY_SECONDS = 5;

  @TempDir static Path folder;
  static Path templates;
  static LocalCluster cluster;
  static KubernetesClient admin;
  static InProcessOperators operators = new InProcessOperators();

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
    new FolderApplier(admin, Waits.TIMEOUT).apply(Project.file("crds"));
    admin
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
        .create();
    operators.on(cluster.kubeconfigPath(), templates, NAMESPACE).start();
  }

  @AfterAll
  static void stop() throws Exception {
    Closing.inOrder(operators, cluster);
  }

  @Test
  void aRenamedDeploymentIsDeletedOnceTheNewOneIsAvailable() throws IOException {
    WebServers webServers = new WebServers(admin, NAMESPACE);
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));
    Waits.untilAsserted(
        () -> {
          assertThat(webServers.condition("web", "Ready"))
              .hasValueSatisfying(c -> assertThat(c).containsEntry("status", "True"));
          assertThat(available("web-deployment"))
              .as(
                  "web-deployment available: %s",
                  Optional.ofNullable(deployment("web-deployment")).map(Deployment::getStatus))
              .isTrue();
        });
    assertThat(deployment("web-deployment").getSpec().getMinReadySeconds())
        .isEqualTo(MIN_READY_SECONDS);

    Path template = templates.resolve("webserver/deployment.yaml.j2");
    Files.writeString(
        template,
        Files.readString(template).replace("name: {{ name }}-deployment", "name: {{ name }}-web"));
    Waits.until("the Deployment web-web", () -> deployment("web-web"), Objects::nonNull);

    // Sampled in this order, the old Deployment found gone means the new one was available first.
    boolean sawBoth = false;
    long deadline = System.nanoTime() + Waits.TIMEOUT.toNanos();
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
    Waits.untilAsserted(
        () ->
            assertThat(webServers.condition("web", "Ready"))
                .hasValueSatisfying(c -> assertThat(c).containsEntry("status", "True")));
    // Events are written in the background: waited for.
    Waits.untilAsserted(
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
