package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The operator against a real API server: apply, drift, prune, status, failures, restarts. */
class OperatorIT {

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("operator");
  KubernetesClient admin;
  String namespace;
  WebServers webServers;
  Path templates;

  @BeforeEach
  void setUp() {
    admin = cluster.admin();
    namespace = cluster.namespace();
    webServers = cluster.webServers();
    templates = cluster.templates();
  }

  private void awaitReadyFalse(String name, String reason, String... messageParts) {
    webServers.awaitReadyFalse(name, reason, messageParts);
  }

  /** Waits until the WebServer's Deployment has these replicas and this image. */
  private void awaitDeployment(String name, int replicas, String image) {
    Waits.untilAsserted(
        () -> {
          Deployment deployment = cluster.deployment(name);
          assertThat(deployment.getSpec().getReplicas()).isEqualTo(replicas);
          assertThat(deployment.getSpec().getTemplate().getSpec().getContainers())
              .singleElement()
              .satisfies(container -> assertThat(container.getImage()).isEqualTo(image));
        });
  }

  @Test
  void createsDeploymentAndServiceWithOwnerLabelsAndFieldManager() {
    cluster.startOperator();
    var web = webServers.create("web", Map.of("image", "nginx:1.27", "replicas", 2));

    Waits.until("the Deployment of web", () -> cluster.deployment("web"), Objects::nonNull);
    Waits.until(
        "the Service web-service",
        () -> admin.services().inNamespace(namespace).withName("web-service").get(),
        Objects::nonNull);
    Deployment deployment = cluster.deployment("web");

    assertThat(deployment.getSpec().getReplicas()).isEqualTo(2);
    assertThat(deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getImage())
        .isEqualTo("nginx:1.27");
    for (HasMetadata child :
        List.of(
            deployment, admin.services().inNamespace(namespace).withName("web-service").get())) {
      assertThat(child.getMetadata().getLabels())
          .containsEntry("app.kubernetes.io/managed-by", "webserver-operator")
          .containsEntry("app.kubernetes.io/instance", "web");
      assertThat(child.getMetadata().getOwnerReferences())
          .singleElement()
          .satisfies(
              owner -> {
                assertThat(owner.getUid()).isEqualTo(web.getMetadata().getUid());
                assertThat(owner.getController()).isTrue();
              });
      assertThat(child.getMetadata().getManagedFields())
          .anySatisfy(
              field -> {
                assertThat(field.getManager()).isEqualTo("webserver-operator");
                assertThat(field.getOperation()).isEqualTo("Apply");
              });
    }
    Waits.until(
        "web's Ready condition", () -> webServers.condition("web", "Ready"), Optional::isPresent);
    assertThat(webServers.status("web").get("inventory")).asList().hasSize(2);
    assertThat(webServers.status("web")).containsEntry("observedGeneration", 1);
  }

  @Test
  void replicasAndImageChangesReachTheDeployment() {
    cluster.startOperator();
    webServers.create("web", Map.of("image", "nginx:1.27", "replicas", 2));
    Waits.until("the Deployment of web", () -> cluster.deployment("web"), Objects::nonNull);

    webServers.patchSpec("web", Map.of("replicas", 3, "image", "nginx:1.28"));

    awaitDeployment("web", 3, "nginx:1.28");
    Waits.until(
        "web's status.observedGeneration",
        () -> webServers.status("web").get("observedGeneration"),
        seen -> Integer.valueOf(2).equals(seen));
  }

  @Test
  void handEditOfTheDeploymentIsPutBackAndRecorded() {
    cluster.startOperator();
    webServers.create("web", Map.of("image", "nginx:1.27", "replicas", 2));
    Waits.until("the Deployment of web", () -> cluster.deployment("web"), Objects::nonNull);

    admin
        .apps()
        .deployments()
        .inNamespace(namespace)
        .withName("web-deployment")
        .patch(
            PatchContext.of(PatchType.STRATEGIC_MERGE),
            "{\"spec\":{\"replicas\":5,\"template\":{\"spec\":{\"containers\":"
                + "[{\"name\":\"nginx\",\"image\":\"evil:latest\"}]}}}}");

    awaitDeployment("web", 2, "nginx:1.27");
    Waits.until(
        "web's event reasons", () -> eventReasons("web"), seen -> seen.contains("DriftCorrected"));
  }

  @Test
  void ingressAppearsWhenSetAndIsPrunedWhenRemovedOnceTheDeploymentIsReady() {
    cluster.startOperator();
    webServers.create(
        "web",
        Map.of(
            "image",
            "nginx",
            "replicas",
            1,
            "ingress",
            Map.of("host", "www.example.com", "path", "/")));
    Waits.until(
        "the Ingress web-ingress",
        () -> admin.network().v1().ingresses().inNamespace(namespace).withName("web-ingress").get(),
        Objects::nonNull);

    Map<String, Object> noIngress = new HashMap<>();
    noIngress.put("ingress", null);
    webServers.patchSpec("web", noIngress);
    Waits.until(
        "web's event reasons", () -> eventReasons("web"), seen -> seen.contains("PruneDeferred"));
    assertThat(ingress("web")).as("kept until the Deployment is available").isNotNull();
    cluster.rollOut("web");

    Waits.until(
        "the Ingress web-ingress",
        () -> admin.network().v1().ingresses().inNamespace(namespace).withName("web-ingress").get(),
        Objects::isNull);
    assertThat(cluster.deployment("web")).isNotNull();
    Waits.until("web's event reasons", () -> eventReasons("web"), seen -> seen.contains("Pruned"));
    assertThat(webServers.status("web").get("inventory")).asList().hasSize(2);
  }

  @Test
  void prunesAfterATemplateReloadAreCountedPerKindUntilTheNextReload() throws IOException {
    Operator operator = cluster.startOperator();
    webServers.create(
        "web", Map.of("image", "nginx", "replicas", 1, "ingress", Map.of("host", "a.example")));
    Waits.untilAsserted(
        () -> {
          assertThat(webServers.condition("web", "Ready")).as("web's Ready condition").isPresent();
          assertThat(ingress("web")).as("the Ingress of web").isNotNull();
        });
    // Prune last: the Ingress goes once the Deployment is available.
    cluster.rollOut("web");

    Files.delete(templates.resolve("webserver/ingress.yaml.j2"));

    Waits.until("the Ingress of web", () -> ingress("web"), Objects::isNull);
    Waits.untilAsserted(
        () ->
            assertThat(operator.metrics().scrape())
                .contains(
                    "webserver_operator_reload_pruned_objects{kind=\"WebServer\",operator=\"webserver-operator\"} 1.0",
                    "webserver_operator_pruned_objects_total{kind=\"WebServer\",operator=\"webserver-operator\"} 1.0"));

    Path serviceTemplate = templates.resolve("webserver/service.yaml.j2");
    Files.writeString(
        serviceTemplate,
        Files.readString(serviceTemplate)
            .replace("  labels:\n", "  annotations:\n    edited: \"yes\"\n  labels:\n"));

    Waits.untilAsserted(
        () ->
            assertThat(operator.metrics().scrape())
                .contains(
                    "webserver_operator_reload_pruned_objects{kind=\"WebServer\",operator=\"webserver-operator\"} 0.0",
                    "webserver_operator_pruned_objects_total{kind=\"WebServer\",operator=\"webserver-operator\"} 1.0"));
  }

  private Object ingress(String webServer) {
    return admin
        .network()
        .v1()
        .ingresses()
        .inNamespace(namespace)
        .withName(webServer + "-ingress")
        .get();
  }

  @Test
  void brokenTemplateAppliesNothingReportsFileAndLineAndRecovers() throws IOException {
    Path deploymentTemplate = templates.resolve("webserver/deployment.yaml.j2");
    String good = Files.readString(deploymentTemplate);
    Files.writeString(deploymentTemplate, good.replace("{{ spec.image }}", "{{ spec.imagee }}"));
    int line = good.substring(0, good.indexOf("{{ spec.image }}")).split("\n", -1).length;
    cluster.startOperator();
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));

    awaitReadyFalse("web", "RenderFailed", "deployment.yaml.j2:" + line + ":", "spec.imagee");
    assertThat(cluster.deployment("web")).isNull();
    assertThat(admin.services().inNamespace(namespace).withName("web-service").get())
        .as("nothing is applied from a broken render, not even the Service")
        .isNull();
    Waits.until(
        "web's event reasons", () -> eventReasons("web"), seen -> seen.contains("RenderFailed"));

    Files.writeString(deploymentTemplate, good);

    Waits.until("the Deployment of web", () -> cluster.deployment("web"), Objects::nonNull);
  }

  @Test
  void availableReplicasAndReadyFollowTheDeploymentStatus() {
    cluster.startOperator();
    webServers.create("web", Map.of("image", "nginx", "replicas", 2));
    Waits.until("the Deployment of web", () -> cluster.deployment("web"), Objects::nonNull);
    Waits.until(
        "web's Ready condition",
        () -> webServers.condition("web", "Ready"),
        seen -> seen.map(c -> c.get("reason")).orElse("").equals("Progressing"));

    // The API server alone runs no Deployment controller: play its part.
    admin
        .apps()
        .deployments()
        .inNamespace(namespace)
        .withName("web-deployment")
        .editStatus(
            d -> {
              d.setStatus(
                  new DeploymentStatusBuilder()
                      .withObservedGeneration(d.getMetadata().getGeneration())
                      .withReplicas(2)
                      .withUpdatedReplicas(2)
                      .withReadyReplicas(2)
                      .withAvailableReplicas(2)
                      .build());
              return d;
            });

    Waits.untilAsserted(
        () -> {
          assertThat(webServers.status("web")).containsEntry("availableReplicas", 2);
          assertThat(webServers.condition("web", "Ready"))
              .hasValueSatisfying(c -> assertThat(c).containsEntry("status", "True"));
        });
  }

  @Test
  void steadyStateMakesNoWritesOverSeveralResyncs() {
    ApiRequestCounter requests = new ApiRequestCounter();
    cluster.operator().requests(requests).resync(Duration.ofSeconds(1)).start();
    webServers.create(
        "web",
        Map.of("image", "nginx", "replicas", 2, "content", Map.of("index.html", "<h1>hi</h1>")));
    webServers.create(
        "other",
        Map.of("image", "nginx", "replicas", 1, "ingress", Map.of("host", "a.example.com")));
    Waits.untilAsserted(
        () -> {
          assertThat(webServers.condition("web", "Ready")).as("web's Ready condition").isPresent();
          assertThat(webServers.condition("other", "Ready"))
              .as("other's Ready condition")
              .isPresent();
        });
    Quiet.settled(requests::snapshot, Duration.ofSeconds(2));
    String resourceVersion = webServers.named("web").get().getMetadata().getResourceVersion();
    long writesBefore = requests.writes();
    long getsBefore = requests.count("get");

    Quiet.holds(
        Duration.ofSeconds(5),
        () -> {
          assertThat(requests.writes())
              .as("writes in 5 s of quiet with a 1 s resync: %s", requests.snapshot())
              .isEqualTo(writesBefore);
          assertThat(requests.count("get")).as("reconciles read from caches").isEqualTo(getsBefore);
          assertThat(webServers.named("web").get().getMetadata().getResourceVersion())
              .as("status is not rewritten when nothing changed")
              .isEqualTo(resourceVersion);
        });
  }

  @Test
  void invalidRenderedObjectBecomesReadyFalseWithTheApiServersMessage() throws IOException {
    writeInvalidConfigMapTemplate();
    cluster.startOperator();
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));

    awaitReadyFalse("web", "Invalid", "ConfigMap", "not a valid key!");
    Waits.until(
        "web's event reasons", () -> eventReasons("web"), seen -> seen.contains("ApplyFailed"));
  }

  @Test
  void invalidChildIsNotRetriedUntilTheResourceChanges() throws IOException {
    writeInvalidConfigMapTemplate();
    Operator operator = cluster.startOperator();
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));
    awaitReadyFalse("web", "Invalid", "ConfigMap", "not a valid key!");

    // Settled first: the Ready=False status write comes back as an event and fails once more.
    double failures = Quiet.settled(() -> reconcileErrors(operator), Duration.ofSeconds(1));
    Quiet.holds(
        Duration.ofSeconds(3),
        () -> assertThat(reconcileErrors(operator)).as("failed reconciles").isEqualTo(failures));
    assertThat(operator.metrics().scrape())
        .as("a 422 is not retried with backoff")
        .doesNotContain(
            "workqueue_retries_total{name=\"operator\",operator=\"webserver-operator\"}");

    webServers.patchSpec("web", Map.of("replicas", 2));
    Waits.until("failed reconciles", () -> reconcileErrors(operator), seen -> seen > failures);
    double afterChange = Quiet.settled(() -> reconcileErrors(operator), Duration.ofSeconds(1));
    assertThat(afterChange)
        .as("the change is reconciled again, not retried")
        .isLessThan(failures + 3);
    Quiet.holds(
        Duration.ofSeconds(2),
        () -> assertThat(reconcileErrors(operator)).as("failed reconciles").isEqualTo(afterChange));
  }

  /** A template whose ConfigMap the API server refuses with a 422. */
  private void writeInvalidConfigMapTemplate() throws IOException {
    Files.writeString(
        templates.resolve("webserver/zz-invalid.yaml.j2"),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ metadata.name }}-extra
        data:
          "not a valid key!": x
        """);
  }

  /** How many reconciles of WebServers failed, from the operator's own metrics. */
  private static double reconcileErrors(Operator operator) {
    String prefix =
        "controller_runtime_reconcile_total{controller=\"webserver\",operator=\"webserver-operator\",result=\"error\"} ";
    return operator
        .metrics()
        .scrape()
        .lines()
        .filter(line -> line.startsWith(prefix))
        .mapToDouble(line -> Double.parseDouble(line.substring(prefix.length())))
        .findFirst()
        .orElse(0);
  }

  @Test
  void kindTheApiServerDoesNotServeBecomesReadyFalseAndAppliesNothing() throws IOException {
    Files.writeString(
        templates.resolve("webserver/aa-typo.yaml.j2"),
        """
        apiVersion: apps/v1
        kind: Deploymnet
        metadata:
          name: {{ metadata.name }}-typo
        """);
    cluster.startOperator();
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));

    awaitReadyFalse("web", "Invalid", "Deploymnet");
    assertThat(cluster.deployment("web")).as("nothing is applied while the plan fails").isNull();
  }

  @Test
  void restartedOperatorNeitherDuplicatesNorLosesAnythingAndWritesNothing() {
    Operator first = cluster.startOperator();
    webServers.create(
        "web", Map.of("image", "nginx", "replicas", 2, "ingress", Map.of("host", "a.example.com")));
    Waits.until(
        "web's status.inventory",
        () -> webServers.status("web").get("inventory"),
        seen -> seen instanceof List<?> l && l.size() == 3);
    first.close();
    String uid = cluster.deployment("web").getMetadata().getUid();

    ApiRequestCounter requests = new ApiRequestCounter();
    Operator restarted = cluster.operator().requests(requests).resync(Duration.ofHours(10)).start();
    Waits.until(
        "the restarted operator's metrics",
        () -> restarted.metrics().scrape(),
        seen -> seen.contains("result=\"success\""));

    assertThat(cluster.deployment("web").getMetadata().getUid()).isEqualTo(uid);
    assertThat(admin.apps().deployments().inNamespace(namespace).list().getItems()).hasSize(1);
    assertThat(admin.services().inNamespace(namespace).list().getItems()).hasSize(1);
    assertThat(requests.writes()).as("requests after restart: %s", requests.snapshot()).isZero();
  }

  @Test
  void withLeaderElectionOnlyOneReplicaWrites() {
    ApiRequestCounter first = new ApiRequestCounter();
    ApiRequestCounter second = new ApiRequestCounter();
    Operator one =
        cluster.operator().requests(first).resync(Duration.ofHours(10)).leaderElected().start();
    Waits.until("whether the first replica leads", one::isLeader, leads -> leads);
    Operator two =
        cluster.operator().requests(second).resync(Duration.ofHours(10)).leaderElected().start();

    webServers.create("web", Map.of("image", "nginx", "replicas", 1));
    Waits.untilAsserted(
        () -> {
          assertThat(cluster.deployment("web")).as("the Deployment of web").isNotNull();
          assertThat(webServers.condition("web", "Ready")).as("web's Ready condition").isPresent();
        });

    assertThat(two.isLeader()).isFalse();
    assertThat(two.metrics().scrape())
        .contains(
            "leader_election_master_status{name=\"webserver-operator\",operator=\"webserver-operator\"} 0.0");
    assertThat(second.writes()).as("the standby's requests: %s", second.snapshot()).isZero();

    one.close();
    Waits.until("whether the standby leads", two::isLeader, leads -> leads);
  }

  /**
   * Lets the templates render a cluster-scoped PriorityClass named after the resource; returns its
   * template.
   */
  private Path renderAPriorityClass() throws IOException {
    Path watches = templates.resolve("watches.yaml");
    Files.writeString(
        watches, Files.readString(watches) + "  allowedClusterScopedKinds: [PriorityClass]\n");
    Path template = templates.resolve("webserver/priorityclass.yaml.j2");
    Files.writeString(
        template,
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata:
          name: {{ metadata.namespace }}-{{ metadata.name }}
        value: 1000
        """);
    return template;
  }

  @Test
  void clusterScopedChildIsRemovedThroughTheFinalizerEvenWithBrokenTemplates() throws Exception {
    renderAPriorityClass();
    cluster.startOperator();
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));
    String priorityClass = namespace + "-web";
    Waits.until(
        "the PriorityClass " + priorityClass,
        () -> admin.scheduling().v1().priorityClasses().withName(priorityClass).get(),
        Objects::nonNull);
    assertThat(webServers.named("web").get().getMetadata().getFinalizers())
        .contains(Cleanup.FINALIZER);

    Path deploymentTemplate = templates.resolve("webserver/deployment.yaml.j2");
    Files.writeString(deploymentTemplate, "{{ broken");
    Waits.until(
        "web's event reasons", () -> eventReasons("web"), seen -> seen.contains("RenderFailed"));
    webServers.named("web").delete();

    Waits.until("the WebServer web", () -> webServers.named("web").get(), Objects::isNull);
    assertThat(admin.scheduling().v1().priorityClasses().withName(priorityClass).get()).isNull();
  }

  @Test
  void aPruneThatWaitsIsDoneByTheFinalizerWhenTheResourceIsDeleted() throws Exception {
    Path template = renderAPriorityClass();
    cluster.startOperator();
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));
    String old = namespace + "-web";
    Waits.until("the PriorityClass " + old, () -> priorityClass(old), Objects::nonNull);

    // Renamed while the Deployment is not available (the test bed runs no Deployment controller).
    Files.writeString(
        template,
        Files.readString(template).replace("-{{ metadata.name }}", "-{{ metadata.name }}-v2"));
    Waits.until(
        "web's event reasons", () -> eventReasons("web"), seen -> seen.contains("PruneDeferred"));
    assertThat(priorityClass(old)).as("the prune waits").isNotNull();
    assertThat(webServers.status("web").get("inventory"))
        .asList()
        .extracting(entry -> (Object) ((Map<?, ?>) entry).get("name"))
        .contains(old, old + "-v2");

    webServers.named("web").delete();

    Waits.until("the WebServer web", () -> webServers.named("web").get(), Objects::isNull);
    assertThat(priorityClass(old)).isNull();
    assertThat(priorityClass(old + "-v2")).isNull();
  }

  @Test
  void valuesTheApiServerRewritesNeverCauseWrites() throws Exception {
    Files.writeString(
        templates.resolve("webserver/deployment.yaml.j2"),
        Files.readString(templates.resolve("webserver/deployment.yaml.j2"))
            .replace(
                "          ports:\n",
                String.join(
                    "\n",
                    "          resources:",
                    "            requests:",
                    "              cpu: 0.5",
                    "              memory: 1073741824",
                    "            limits:",
                    "              cpu: \"1\"",
                    "              memory: 2Gi",
                    "          ports:",
                    "")));
    ApiRequestCounter requests = new ApiRequestCounter();
    cluster.operator().requests(requests).resync(Duration.ofSeconds(1)).start();
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));
    Waits.untilAsserted(
        () -> {
          assertThat(cluster.deployment("web")).as("the Deployment of web").isNotNull();
          assertThat(webServers.condition("web", "Ready")).as("web's Ready condition").isPresent();
        });
    assertThat(
            cluster
                .deployment("web")
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .get(0)
                .getResources()
                .getRequests()
                .get("cpu")
                .toString())
        .as("the API server rewrote 0.5 as 500m")
        .isEqualTo("500m");
    long writes = Quiet.settled(requests::writes, Duration.ofMillis(1500));

    Quiet.holds(
        Duration.ofSeconds(4),
        () ->
            assertThat(requests.writes())
                .as("requests: %s", requests.snapshot())
                .isEqualTo(writes));
  }

  @Test
  void eachReconcileWritesOnlyWhatChanged() throws Exception {
    ApiRequestCounter requests = new ApiRequestCounter();
    Operator operator = cluster.operator().requests(requests).resync(Duration.ofHours(10)).start();
    Map<String, Long> start = requests.snapshot();

    webServers.create("web", Map.of("image", "nginx", "replicas", 2));
    Waits.until(
        "web's Ready condition", () -> webServers.condition("web", "Ready"), Optional::isPresent);
    Map<String, Long> created = Quiet.settled(requests::snapshot, Duration.ofSeconds(1));

    webServers.named("web").scale(3);
    Waits.until(
        "web's status.observedGeneration",
        () -> webServers.status("web").get("observedGeneration"),
        seen -> Integer.valueOf(2).equals(seen));
    Map<String, Long> updated = Quiet.settled(requests::snapshot, Duration.ofSeconds(1));

    System.out.printf(
        "API requests: start %s, create reconcile %s, update reconcile %s%n",
        start, created, updated);
    // Create: server-side apply of the Deployment and the Service, one status patch, one event
    // naming both.
    assertThat(delta(start, created, "patch")).isEqualTo(3);
    assertThat(delta(start, created, "create")).isEqualTo(1);
    assertThat(admin.v1().events().inNamespace(namespace).list().getItems())
        .extracting(Event::getReason, Event::getMessage)
        .contains(
            tuple(
                "Created",
                "Created Deployment "
                    + namespace
                    + "/web-deployment, Service "
                    + namespace
                    + "/web-service"));
    assertThat(delta(start, created, "get"))
        .as("only discovery of apps/v1 and v1, once per process; objects come from caches")
        .isEqualTo(2);
    // Update: one apply of the Deployment, one status patch (new observedGeneration), one event.
    assertThat(delta(created, updated, "patch")).isEqualTo(2);
    assertThat(delta(created, updated, "create")).isEqualTo(1);
    assertThat(delta(created, updated, "get")).isZero();
    assertThat(operator.metrics().scrape())
        .contains(
            "controller_runtime_reconcile_total{controller=\"webserver\",operator=\"webserver-operator\",result=\"success\"}")
        .contains("controller_runtime_reconcile_time_seconds_bucket")
        .contains("workqueue_depth{name=\"operator\",operator=\"webserver-operator\"}")
        .contains(
            "leader_election_master_status{name=\"webserver-operator\",operator=\"webserver-operator\"} 1.0")
        .contains("rest_client_requests_total{operator=\"webserver-operator\",verb=\"patch\"}")
        .contains(
            "webserver_operator_rollout_step{kind=\"WebServer\",operator=\"webserver-operator\"} 0.0")
        .containsPattern(
            "webserver_operator_template_revision_resources\\{kind=\"WebServer\",operator=\"webserver-operator\","
                + "revision=\"[0-9a-f]{10}\"} 1\\.0");
  }

  @Test
  void servesMetricsHealthAndReadiness() throws Exception {
    Operator operator = cluster.startOperator();
    var http = HttpClient.newHttpClient();

    for (String path : List.of("/healthz", "/readyz", "/metrics")) {
      var response =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + operator.healthPort() + path))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).as(path).isEqualTo(200);
      if (path.equals("/metrics")) {
        assertThat(response.body()).contains("rest_client_requests_total");
      }
    }
  }

  private static long delta(Map<String, Long> before, Map<String, Long> after, String verb) {
    return after.getOrDefault(verb, 0L) - before.getOrDefault(verb, 0L);
  }

  private Object priorityClass(String name) {
    return admin.scheduling().v1().priorityClasses().withName(name).get();
  }

  private List<String> eventReasons(String name) {
    return admin.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> name.equals(e.getInvolvedObject().getName()))
        .map(Event::getReason)
        .toList();
  }
}
