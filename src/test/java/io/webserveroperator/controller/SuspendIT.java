package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.webserveroperator.dev.KubeBinaries;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Suspend, resume and reconcile now, on a real API server, with the annotations set by the real
 * kubectl as docs/annotations.md writes them: a suspended WebServer's spec change and a hand edit
 * of its Deployment wait, and the operator sends nothing for it; removing the annotation applies
 * both at once; a requested-at token is acknowledged in the status, once.
 */
class SuspendIT {

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("suspend");
  KubernetesClient admin;
  String namespace;
  WebServers webServers;

  @BeforeEach
  void setUp() {
    admin = cluster.admin();
    namespace = cluster.namespace();
    webServers = cluster.webServers();
  }

  @Test
  void suspendedSpecChangeAndHandEditWaitWithoutARequestAndResumingAppliesBothAtOnce() {
    ApiRequestCounter requests = new ApiRequestCounter();
    // No resync in the test's time: what happens on resume comes from the annotation's removal.
    cluster.operator().requests(requests).resync(Duration.ofHours(10)).start();
    webServers.create("web", Map.of("image", "nginx:1.27", "replicas", 2));
    Waits.until(
        "web's Ready condition", () -> webServers.condition("web", "Ready"), Optional::isPresent);

    kubectl("annotate", "ws", "web", "-n", namespace, "webserver-operator.io/reconcile=disabled");

    Waits.untilAsserted(
        () ->
            assertThat(webServers.condition("web", "Suspended"))
                .hasValueSatisfying(
                    c ->
                        assertThat(c)
                            .containsEntry("status", "True")
                            .containsEntry("reason", "ReconcileDisabled")));
    assertThat(kubectl("get", "ws", "web", "-n", namespace))
        .as("kubectl get ws shows it")
        .containsPattern("READY\\s+REVISION\\s+SUSPENDED\\s+AGE")
        .containsPattern(
            "(?m)^web\\s+2\\s+\\d+\\s+nginx:1\\.27\\s+(True|False)\\s+[0-9a-f]{10}\\s+True\\s+\\d+[smh]\\s*$");
    Map<String, Long> suspended = Quiet.settled(requests::snapshot, Duration.ofSeconds(1));
    Map<String, Object> condition = webServers.condition("web", "Suspended").orElseThrow();

    webServers.patchSpec("web", Map.of("replicas", 3, "image", "nginx:1.28"));
    editDeployment(5, "evil:latest");

    Quiet.holds(
        Duration.ofSeconds(4),
        () -> {
          assertThat(requests.snapshot())
              .as("requests for a suspended WebServer whose spec and Deployment changed")
              .isEqualTo(suspended);
          assertDeployment(5, "evil:latest");
          assertThat(webServers.status("web")).containsEntry("observedGeneration", 1);
        });
    assertThat(webServers.condition("web", "Suspended")).as("written once").contains(condition);
    assertThat(webServers.warnings("web")).isEmpty();

    kubectl("annotate", "ws", "web", "-n", namespace, "webserver-operator.io/reconcile-");

    Waits.untilAsserted(() -> assertDeployment(3, "nginx:1.28"));
    Waits.untilAsserted(
        () -> {
          assertThat(webServers.condition("web", "Suspended")).isEmpty();
          assertThat(webServers.status("web")).containsEntry("observedGeneration", 2);
        });
    assertThat(kubectl("get", "ws", "web", "-n", namespace))
        .as("the SUSPENDED column is empty again")
        .containsPattern(
            "(?m)^web\\s+3\\s+\\d+\\s+nginx:1\\.28\\s+(True|False)\\s+[0-9a-f]{10}\\s+\\d+[smh]\\s*$");
  }

  @Test
  void aWebServerSuspendedFromTheStartCostsNoRequestOverResyncsOnceItsConditionIsWritten() {
    ApiRequestCounter requests = new ApiRequestCounter();
    cluster.operator().requests(requests).resync(Duration.ofSeconds(1)).start();
    var web = webServers.build("web", Map.of("image", "nginx", "replicas", 1));
    web.getMetadata().setAnnotations(Map.of(ResourceAnnotations.RECONCILE, "disabled"));
    admin.resource(web).create();

    Waits.until(
        "web's Suspended condition",
        () -> webServers.condition("web", "Suspended"),
        Optional::isPresent);
    Map<String, Long> settled = Quiet.settled(requests::snapshot, Duration.ofSeconds(2));

    Quiet.holds(
        Duration.ofSeconds(4),
        () ->
            assertThat(requests.snapshot())
                .as("requests over 1 s resyncs of a suspended WebServer")
                .isEqualTo(settled));
    assertThat(cluster.deployment("web")).as("nothing is ever applied").isNull();
    assertThat(webServers.status("web")).containsOnlyKeys("conditions");
  }

  @Test
  void aReconcileRequestIsAcknowledgedInStatusAndCostsNothingOnceHandled() {
    ApiRequestCounter requests = new ApiRequestCounter();
    cluster.operator().requests(requests).resync(Duration.ofHours(10)).start();
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));
    Waits.until(
        "web's Ready condition", () -> webServers.condition("web", "Ready"), Optional::isPresent);
    Map<String, Long> before = Quiet.settled(requests::snapshot, Duration.ofSeconds(1));

    kubectl(
        "annotate",
        "ws",
        "web",
        "-n",
        namespace,
        "--overwrite",
        "webserver-operator.io/requested-at=1767225600");

    Waits.until(
        "web's status.lastHandledReconcileAt",
        () -> webServers.status("web").get("lastHandledReconcileAt"),
        seen -> "1767225600".equals(seen));
    Map<String, Long> handled = Quiet.settled(requests::snapshot, Duration.ofSeconds(1));
    assertThat(handled)
        .as("one status patch; the children were as rendered")
        .isEqualTo(plus(before, "patch", 1));

    // The same token again, with another change of the WebServer's metadata: nothing to write.
    kubectl(
        "annotate",
        "ws",
        "web",
        "-n",
        namespace,
        "--overwrite",
        "webserver-operator.io/requested-at=1767225600",
        "note=unrelated");
    Quiet.holds(Duration.ofSeconds(3), () -> assertThat(requests.snapshot()).isEqualTo(handled));
  }

  private static Map<String, Long> plus(Map<String, Long> counts, String verb, long more) {
    Map<String, Long> sum = new TreeMap<>(counts);
    sum.merge(verb, more, Long::sum);
    return sum;
  }

  @Test
  void anUnknownReconcileValueIsAWarningAndTheWebServerIsReconciled() {
    cluster.operator().resync(Duration.ofHours(10)).start();
    var web = webServers.build("web", Map.of("image", "nginx", "replicas", 1));
    // kro's word for it: not this operator's.
    web.getMetadata().setAnnotations(Map.of(ResourceAnnotations.RECONCILE, "suspended"));
    admin.resource(web).create();

    Waits.until("the Deployment of web", () -> cluster.deployment("web"), Objects::nonNull);
    Waits.until(
        "web's warnings",
        () -> webServers.warnings("web"),
        seen -> seen.contains("UnknownAnnotationValue"));
    assertThat(events("web"))
        .filteredOn(e -> "UnknownAnnotationValue".equals(e.getReason()))
        .singleElement()
        .satisfies(
            e ->
                assertThat(e.getMessage())
                    .contains("webserver-operator.io/reconcile", "'suspended'", "'disabled'"));
  }

  @Test
  void deletingASuspendedWebServerDeletesNothingTheOperatorWouldHaveDeleted() throws IOException {
    KubeTestBed.get().withGarbageCollector();
    Path templates = cluster.templates();
    Path watches = templates.resolve("watches.yaml");
    Files.writeString(
        watches, Files.readString(watches) + "  allowedClusterScopedKinds: [PriorityClass]\n");
    Files.writeString(
        templates.resolve("webserver/priorityclass.yaml.j2"),
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata:
          name: {{ metadata.namespace }}-{{ metadata.name }}
        value: 1000
        """);
    cluster.operator().resync(Duration.ofHours(10)).start();
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));
    String priorityClass = namespace + "-web";
    var priorityClasses = admin.scheduling().v1().priorityClasses().withName(priorityClass);
    try {
      Waits.until(
          "the PriorityClass " + priorityClass, () -> priorityClasses.get(), Objects::nonNull);
      kubectl("annotate", "ws", "web", "-n", namespace, "webserver-operator.io/reconcile=disabled");
      Waits.until(
          "web's Suspended condition",
          () -> webServers.condition("web", "Suspended"),
          Optional::isPresent);

      webServers.named("web").delete();

      Waits.until("the WebServer web", () -> webServers.named("web").get(), Objects::isNull);
      assertThat(priorityClasses.get())
          .as("the cluster-scoped object the finalizer would have deleted")
          .isNotNull();
      Waits.untilAsserted(
          () ->
              assertThat(events("web"))
                  .filteredOn(e -> "CleanupSkipped".equals(e.getReason()))
                  .singleElement()
                  .satisfies(e -> assertThat(e.getMessage()).contains(priorityClass)));
      // The garbage collector still removes the Deployment through its owner reference.
      Waits.until("the Deployment of web", () -> cluster.deployment("web"), Objects::isNull);
    } finally {
      priorityClasses.delete();
    }
  }

  /** Changes the Deployment as {@code kubectl edit} would. */
  private void editDeployment(int replicas, String image) {
    admin
        .apps()
        .deployments()
        .inNamespace(namespace)
        .withName("web-deployment")
        .patch(
            PatchContext.of(PatchType.STRATEGIC_MERGE),
            "{\"spec\":{\"replicas\":"
                + replicas
                + ",\"template\":{\"spec\":{\"containers\":[{\"name\":\"nginx\",\"image\":\""
                + image
                + "\"}]}}}}");
  }

  private void assertDeployment(int replicas, String image) {
    Deployment deployment = cluster.deployment("web");
    assertThat(deployment.getSpec().getReplicas()).isEqualTo(replicas);
    assertThat(deployment.getSpec().getTemplate().getSpec().getContainers())
        .singleElement()
        .satisfies(container -> assertThat(container.getImage()).isEqualTo(image));
  }

  private List<Event> events(String name) {
    return admin.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> name.equals(e.getInvolvedObject().getName()))
        .toList();
  }

  /** The pinned version's kubectl on the test bed, as a user types it; its output. */
  private String kubectl(String... args) {
    List<String> command = new ArrayList<>();
    command.add(KubeBinaries.forBuildVersion().kubectl().toString());
    command.add("--kubeconfig=" + cluster.kubeconfig());
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).as("%s: %s", command, output).isZero();
      return output;
    } catch (IOException e) {
      throw new AssertionError("Cannot run " + command + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
