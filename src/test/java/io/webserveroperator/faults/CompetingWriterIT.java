package io.webserveroperator.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.controller.Operator;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Another field manager writes the operator's Deployment with server-side apply. Fields the
 * templates set are taken back (conflicts forced) and recorded as DriftCorrected; fields they do
 * not set stay with their manager, and the operator does not write at all.
 */
class CompetingWriterIT {

  static final Pattern SUCCESSES =
      Pattern.compile(
          "controller_runtime_reconcile_total\\{controller=\"webserver\",operator=\"webserver-operator\",result=\"success\"\\}"
              + " (\\S+)");

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("competing");
  KubernetesClient admin;
  String namespace;
  WebServers webServers;
  ApiRequestCounter requests = new ApiRequestCounter();
  Operator operator;

  @BeforeEach
  void setUp() {
    admin = cluster.admin();
    namespace = cluster.namespace();
    webServers = cluster.webServers();
    operator = cluster.operator().requests(requests).start();
  }

  @Test
  void managedFieldsForcedByAnotherManagerAreTakenBackAndRecorded() {
    webServers.create("web", Map.of("image", "nginx:1.27", "replicas", 2));
    Waits.until(
        "web's Ready condition", () -> webServers.condition("web", "Ready"), Optional::isPresent);

    admin
        .apps()
        .deployments()
        .inNamespace(namespace)
        .resource(
            new DeploymentBuilder()
                .withNewMetadata()
                .withName("web-deployment")
                .endMetadata()
                .withNewSpec()
                .withReplicas(5)
                .withNewTemplate()
                .withNewSpec()
                .addNewContainer()
                .withName("nginx")
                .withImage("intruder:latest")
                .endContainer()
                .endSpec()
                .endTemplate()
                .endSpec()
                .build())
        .fieldManager("intruder")
        .forceConflicts()
        .serverSideApply();

    Waits.untilAsserted(
        () -> {
          Deployment deployment = cluster.deployment("web");
          assertThat(deployment.getSpec().getReplicas()).isEqualTo(2);
          assertThat(image(deployment)).isEqualTo("nginx:1.27");
        });
    Waits.until(
        "web's event reasons", () -> reasons("web"), seen -> seen.contains("DriftCorrected"));
    assertThat(manager(cluster.deployment("web"), "intruder"))
        .as("the intruder lost replicas and image to the operator")
        .doesNotContain("f:replicas")
        .doesNotContain("f:image");
  }

  @Test
  void fieldsTheTemplatesDoNotSetStayWithTheirManagerWithoutAnyWrite() {
    webServers.create("web", Map.of("image", "nginx:1.27", "replicas", 2));
    Waits.until(
        "web's Ready condition", () -> webServers.condition("web", "Ready"), Optional::isPresent);
    long writesBefore = Quiet.settled(requests::writes, Duration.ofSeconds(1));
    double reconcilesBefore = successes();

    admin
        .apps()
        .deployments()
        .inNamespace(namespace)
        .resource(
            new DeploymentBuilder()
                .withNewMetadata()
                .withName("web-deployment")
                .addToAnnotations("example.com/owner", "team-a")
                .addToLabels("example.com/cost-center", "42")
                .endMetadata()
                .withNewSpec()
                .withNewTemplate()
                .withNewSpec()
                .addNewContainer()
                .withName("nginx")
                .addNewEnv()
                .withName("INJECTED")
                .withValue("by-the-sidecar-injector")
                .endEnv()
                .endContainer()
                .endSpec()
                .endTemplate()
                .endSpec()
                .build())
        .fieldManager("sidecar-injector")
        .serverSideApply();

    // The child's change reaches the operator, which reconciles and finds nothing to do.
    Waits.until("successful reconciles", () -> successes(), seen -> seen > reconcilesBefore);
    Quiet.holds(
        Duration.ofSeconds(3),
        () ->
            assertThat(requests.writes())
                .as("operator requests after the other manager's apply: %s", requests.snapshot())
                .isEqualTo(writesBefore));

    Deployment deployment = cluster.deployment("web");
    assertThat(deployment.getMetadata().getAnnotations())
        .containsEntry("example.com/owner", "team-a");
    assertThat(deployment.getMetadata().getLabels()).containsEntry("example.com/cost-center", "42");
    assertThat(deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv())
        .singleElement()
        .satisfies(env -> assertThat(env.getValue()).isEqualTo("by-the-sidecar-injector"));
    assertThat(image(deployment)).isEqualTo("nginx:1.27");
    assertThat(reasons("web")).doesNotContain("DriftCorrected", "Updated");
  }

  private double successes() {
    Matcher matcher = SUCCESSES.matcher(operator.metrics().scrape());
    return matcher.find() ? Double.parseDouble(matcher.group(1)) : 0;
  }

  private static String image(Deployment deployment) {
    return deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getImage();
  }

  private static String manager(Deployment deployment, String name) {
    List<ManagedFieldsEntry> entries = deployment.getMetadata().getManagedFields();
    return entries.stream()
        .filter(e -> name.equals(e.getManager()))
        .map(e -> String.valueOf(e.getFieldsV1().getAdditionalProperties()))
        .findFirst()
        .orElse("");
  }

  private List<String> reasons(String name) {
    return admin.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> name.equals(e.getInvolvedObject().getName()))
        .map(Event::getReason)
        .toList();
  }
}
