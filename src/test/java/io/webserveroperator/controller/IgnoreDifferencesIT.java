package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Another manager writing the same field as the operator, on a real API server: what a kind's
 * {@code ignoreDifferences} yields to {@code kube-controller-manager} (an HPA's scale) stays, with
 * no write from the operator, while anyone else's change is still put back, and a field handed over
 * never falls to its default in between.
 */
class IgnoreDifferencesIT {

  private static final String YIELD_REPLICAS =
      """
        ignoreDifferences:
        - group: apps
          kind: Deployment
          jsonPointers: [/spec/replicas]
          managedFieldsManagers: [kube-controller-manager]
      """;

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("ignore");
  private KubernetesClient admin;
  private WebServers webServers;
  private Path templates;

  @BeforeEach
  void setUp() {
    admin = cluster.admin();
    webServers = cluster.webServers();
    templates = cluster.templates();
  }

  @Test
  void aScaleByTheAutoscalersManagerStaysAcrossResyncsWithNoWriteToTheDeployment()
      throws IOException {
    yieldReplicas();
    cluster.operator().resync(Duration.ofSeconds(1)).start();
    webServers.create("web", Map.of("image", "nginx:1.27", "replicas", 2));
    Waits.until("the Deployment's replicas", () -> replicas(), seen -> seen == 2);
    Waits.until(
        "web's Ready condition", () -> webServers.condition("web", "Ready"), Optional::isPresent);

    String scaled = scale("kube-controller-manager", 5);

    // Three resyncs of one second each, and the watch event of the scale itself.
    Quiet.holds(
        Duration.ofSeconds(3),
        () -> {
          assertThat(replicas()).isEqualTo(5);
          assertThat(deployment().getMetadata().getResourceVersion())
              .as("no write to the Deployment since the scale")
              .isEqualTo(scaled);
          assertThat(eventReasons()).doesNotContain("DriftCorrected");
        });

    webServers.patchSpec("web", Map.of("image", "nginx:1.28"));

    awaitImage("nginx:1.28");
    assertThat(replicas())
        .as("an apply for another change leaves the field to its manager")
        .isEqualTo(5);
  }

  @Test
  void theSameScaleByAnyoneElseIsStillPutBack() throws IOException {
    yieldReplicas();
    cluster.operator().resync(Duration.ofMinutes(10)).start();
    webServers.create("web", Map.of("image", "nginx:1.27", "replicas", 2));
    Waits.until("the Deployment's replicas", () -> replicas(), seen -> seen == 2);

    scale("kubectl-edit", 5);

    Waits.until("the Deployment's replicas", () -> replicas(), seen -> seen == 2);
    Waits.until("the event reasons", () -> eventReasons(), seen -> seen.contains("DriftCorrected"));
  }

  @Test
  void replicasHandedOverFromTheTemplateNeverDip() throws IOException {
    // The entry is in watches.yaml from the start; the template stops rendering the field later.
    yieldReplicas();
    cluster.operator().resync(Duration.ofMinutes(10)).start();
    webServers.create("web", Map.of("image", "nginx:1.27", "replicas", 3));
    Waits.until("the Deployment's replicas", () -> replicas(), seen -> seen == 3);
    List<Integer> seen = new CopyOnWriteArrayList<>();
    try (Watch watch = watchReplicas(seen)) {
      Path template = templates.resolve("webserver/deployment.yaml.j2");
      String original = Files.readString(template);
      // The first apply from the edited template, shown by a label it adds, is where the field
      // would be dropped: one owner, not sent (helm#12650).
      String withoutReplicas =
          original
              .replace("  replicas: {{ spec.replicas }}\n", "")
              .replaceFirst("(?m)^  labels:\n", "  labels:\n    edited: \"yes\"\n");
      assertThat(withoutReplicas).doesNotContain("spec.replicas").contains("edited");
      Files.writeString(template, withoutReplicas);
      Waits.until(
          "the Deployment's label edited",
          () -> deployment().getMetadata().getLabels().get("edited"),
          label -> "yes".equals(label));
      assertThat(replicas()).as("held at its live value until the autoscaler sets it").isEqualTo(3);

      scale("kube-controller-manager", 6);
      webServers.patchSpec("web", Map.of("image", "nginx:1.29"));
      awaitImage("nginx:1.29");

      assertThat(replicas()).isEqualTo(6);
    }
    assertThat(seen).as("every replicas value the Deployment had").doesNotContain(1).contains(6);
  }

  private void awaitImage(String image) {
    Waits.until(
        "the Deployment's image",
        () -> deployment().getSpec().getTemplate().getSpec().getContainers().get(0).getImage(),
        seen -> seen.equals(image));
  }

  /** Adds the kind's ignoreDifferences entry to the test's watches.yaml (a hot reload). */
  private void yieldReplicas() throws IOException {
    Path watches = templates.resolve("watches.yaml");
    String text = Files.readString(watches);
    assertThat(text).contains("  kind: WebServer\n");
    Files.writeString(watches, text.stripTrailing() + "\n" + YIELD_REPLICAS);
  }

  /**
   * Sets the Deployment's replicas as the named field manager would (a merge patch); returns the
   * resource version it wrote.
   */
  private String scale(String fieldManager, int replicas) {
    return admin
        .apps()
        .deployments()
        .inNamespace(cluster.namespace())
        .withName("web-deployment")
        .patch(
            new PatchContext.Builder()
                .withPatchType(PatchType.JSON_MERGE)
                .withFieldManager(fieldManager)
                .build(),
            "{\"spec\":{\"replicas\":" + replicas + "}}")
        .getMetadata()
        .getResourceVersion();
  }

  private Watch watchReplicas(List<Integer> seen) {
    return admin
        .apps()
        .deployments()
        .inNamespace(cluster.namespace())
        .withName("web-deployment")
        .watch(
            new Watcher<>() {
              @Override
              public void eventReceived(Action action, Deployment deployment) {
                seen.add(deployment.getSpec().getReplicas());
              }

              @Override
              public void onClose(WatcherException cause) {}
            });
  }

  private Deployment deployment() {
    return cluster.deployment("web");
  }

  private int replicas() {
    Deployment deployment = deployment();
    return deployment == null ? -1 : deployment.getSpec().getReplicas();
  }

  private List<String> eventReasons() {
    return admin.v1().events().inNamespace(cluster.namespace()).list().getItems().stream()
        .filter(e -> "web".equals(e.getInvolvedObject().getName()))
        .map(Event::getReason)
        .toList();
  }
}
