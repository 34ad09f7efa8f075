package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A readiness rule of watches.yaml on a real API server: a WebServer whose templates also render a
 * Widget (a custom kind, which without a rule would be ready once it exists) stays Ready=False,
 * naming the Widget and the rule's message, until the Widget's status satisfies the rule; a status
 * that satisfies {@code failed} makes it Degraded; judging costs no request in a steady state.
 */
class ReadinessRuleIT {

  static final String FIXTURES = "src/test/resources/io/webserveroperator/controller/readiness";

  static final ResourceDefinitionContext WIDGET =
      new ResourceDefinitionContext.Builder()
          .withGroup("test.example.com")
          .withVersion("v1")
          .withKind("Widget")
          .withPlural("widgets")
          .withNamespaced(true)
          .build();

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("readiness");

  @Test
  void theWebServerIsReadyOnlyOnceItsWidgetSatisfiesTheRule() throws IOException {
    KubernetesClient admin = cluster.admin();
    new FolderApplier(admin, Duration.ofSeconds(30)).apply(Project.file(FIXTURES + "/widget-crd"));
    Path templates = cluster.templates();
    copy("watches.yaml", templates.resolve("watches.yaml"));
    copy("widget.yaml.j2", templates.resolve("webserver/widget.yaml.j2"));
    String namespace = cluster.namespace();
    WebServers webServers = cluster.webServers();
    ApiRequestCounter requests = new ApiRequestCounter();
    cluster.operator().requests(requests).resync(Duration.ofSeconds(1)).start();

    webServers.create("web", Map.of("image", "nginx:1.27", "replicas", 1));
    Waits.untilAsserted(
        () -> {
          assertThat(widget()).as("the widget").isNotNull();
          assertThat(cluster.deployment("web")).as("the Deployment of web").isNotNull();
        });
    deploymentAvailable();

    String widget = "Widget " + namespace + "/web-widget";
    awaitReady("False", "Progressing", widget + ": phase is not set");
    Quiet.holds(
        Duration.ofSeconds(2),
        () ->
            assertThat(webServers.condition("web", "Ready"))
                .hasValueSatisfying(ready -> assertThat(ready).containsEntry("status", "False")));

    widgetPhase("Failed");
    awaitReady("False", "ChildFailed", widget + ": phase is Failed");
    assertThat(webServers.condition("web", "Degraded"))
        .hasValueSatisfying(degraded -> assertThat(degraded).containsEntry("status", "True"));

    widgetPhase("Ready");
    awaitReady("True", "Ready", "objects applied and ready");

    Quiet.settled(requests::snapshot, Duration.ofSeconds(2));
    Map<String, Long> before = requests.snapshot();
    Quiet.holds(
        Duration.ofSeconds(4),
        () ->
            assertThat(requests.snapshot())
                .as("requests while the rule is evaluated on every 1 s resync")
                .isEqualTo(before));
  }

  private void awaitReady(String status, String reason, String message) {
    Waits.untilAsserted(
        () ->
            assertThat(cluster.webServers().condition("web", "Ready"))
                .hasValueSatisfying(
                    ready -> {
                      assertThat(ready)
                          .containsEntry("status", status)
                          .containsEntry("reason", reason);
                      assertThat((String) ready.get("message")).endsWith(message);
                    }));
  }

  private GenericKubernetesResource widget() {
    return cluster
        .admin()
        .genericKubernetesResources(WIDGET)
        .inNamespace(cluster.namespace())
        .withName("web-widget")
        .get();
  }

  /** Plays the Widget's controller: reports its phase on the status subresource. */
  private void widgetPhase(String phase) {
    cluster
        .admin()
        .genericKubernetesResources(WIDGET)
        .inNamespace(cluster.namespace())
        .withName("web-widget")
        .subresource("status")
        .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"status\":{\"phase\":\"" + phase + "\"}}");
  }

  /** The API server alone runs no Deployment controller: play its part. */
  private void deploymentAvailable() {
    cluster
        .admin()
        .apps()
        .deployments()
        .inNamespace(cluster.namespace())
        .withName("web-deployment")
        .editStatus(
            d -> {
              d.setStatus(
                  new DeploymentStatusBuilder()
                      .withObservedGeneration(d.getMetadata().getGeneration())
                      .withReplicas(1)
                      .withUpdatedReplicas(1)
                      .withReadyReplicas(1)
                      .withAvailableReplicas(1)
                      .build());
              return d;
            });
  }

  private static void copy(String fixture, Path target) throws IOException {
    Files.copy(Project.file(FIXTURES + "/" + fixture), target, StandardCopyOption.REPLACE_EXISTING);
  }
}
