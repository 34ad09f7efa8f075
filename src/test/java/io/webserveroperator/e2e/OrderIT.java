package io.webserveroperator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.webserveroperator.controller.Operator;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.testing.Closing;
import io.webserveroperator.testing.InProcessOperators;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.StatefulKind;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Waves, depends-on and hooks on a real control plane (etcd, kube-apiserver, the controller
 * manager's Deployment, StatefulSet, Job and garbage collector controllers, the scheduler, kwok
 * nodes whose pods run and complete at once): a stateful kind's objects are applied wave by wave,
 * each wave once the lower ones are ready; a Job waits for the StatefulSet it depends on; hooks run
 * once per rendering of themselves; deletion runs the pre-delete hooks, then goes in reverse waves.
 * A pod whose nodeSelector matches no node never runs: labelling the node later is a delay on
 * demand, and a Job's activeDeadlineSeconds a failure on demand.
 */
class OrderIT {

  private static final String NODE = "kwok-node-0";

  private static LocalCluster cluster;
  private static KubernetesClient admin;
  private static final AtomicInteger NAMESPACES = new AtomicInteger();

  @TempDir Path folder;
  private final InProcessOperators operators = new InProcessOperators();
  private String namespace;
  private WebServers postgreses;
  private Path templates;

  /** The operator on this test's namespace and templates, to start (and start again). */
  private InProcessOperators.Start operator;

  @BeforeAll
  static void startCluster() {
    LocalClusterBinaries.assumePresent();
    cluster = LocalCluster.start(LocalClusterOptions.defaults());
    admin = cluster.client();
    new FolderApplier(admin, Waits.TIMEOUT)
        .apply(Project.file("src/test/resources/io/webserveroperator/stateful/crd"));
  }

  @AfterAll
  static void stopCluster() throws Exception {
    Closing.inOrder(cluster);
  }

  @BeforeEach
  void namespaceAndTemplates() throws IOException {
    namespace = "order-" + NAMESPACES.incrementAndGet();
    admin
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
        .create();
    postgreses = new WebServers(admin, namespace, StatefulKind.KIND);
    templates = folder.resolve("templates");
    Files.createDirectories(templates.resolve("postgres"));
    Files.writeString(
        templates.resolve("watches.yaml"),
        """
        - group: db.test.example.com
          version: v1
          kind: Postgres
          templates: postgres
        """);
    operator = operators.on(cluster.kubeconfigPath(), templates, namespace);
  }

  @AfterEach
  void stopOperators() {
    operators.close();
  }

  @Test
  void aFirstInstallGoesWaveByWaveEachOnceTheLowerIsReady() throws IOException {
    template("server.yaml.j2", deployment("{{ metadata.name }}-server", "0", null));
    template("create-db.yaml.j2", job("{{ metadata.name }}-create-db", "1", null, null, ""));
    template(
        "settings.yaml.j2",
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ metadata.name }}-settings
          annotations:
            webserver-operator.io/wave: "2"
        data:
          done: "yes"
        """);
    List<String> order = new CopyOnWriteArrayList<>();
    try (var jobs = admin.batch().v1().jobs().inNamespace(namespace).watch(added(order));
        var maps = admin.configMaps().inNamespace(namespace).watch(added(order))) {
      operator.start();
      postgreses.create("orders", Map.of("version", "16"));

      Waits.until(
          "orders' Ready reason", () -> readyReason("orders"), seen -> seen.equals("Ready"));
    }
    assertThat(order)
        .as("what was ready when each later wave was created")
        .containsExactly(
            "Job orders-create-db after Deployment ready",
            "ConfigMap orders-settings after Job complete");
  }

  @Test
  void aSpecChangeUpdatesTheLowerWaveFirstAndLeavesTheNextUntouchedUntilItIsDone()
      throws IOException {
    template("server.yaml.j2", deployment("{{ metadata.name }}-server", "0", null));
    template(
        "migrate.yaml.j2",
        job(
            "{{ metadata.name }}-migrate-{{ spec.version }}",
            "-1",
            "{{ spec.version }}",
            null,
            ""));
    label("migrate-16");
    operator.start();
    postgreses.create("orders", Map.of("version", "16", "image", "nginx:1.26"));
    Waits.until("orders' Ready reason", () -> readyReason("orders"), seen -> seen.equals("Ready"));
    long generation = deployment("orders-server").getMetadata().getGeneration();

    postgreses.patchSpec("orders", Map.of("version", "17", "image", "nginx:1.27"));

    Waits.until("the Job orders-migrate-17", () -> job("orders-migrate-17"), Objects::nonNull);
    Waits.await("the Deployment orders-server waiting")
        .during(Duration.ofSeconds(3))
        .untilAsserted(
            () ->
                assertThat(deployment("orders-server").getMetadata().getGeneration())
                    .as("the Deployment waits while the migration of wave -1 runs")
                    .isEqualTo(generation));
    assertThat(progressingMessage("orders"))
        .contains(
            "Deployment "
                + namespace
                + "/orders-server (wave 0) waits for Job "
                + namespace
                + "/orders-migrate-17");
    label("migrate-17");
    Waits.untilAsserted(
        () ->
            assertThat(
                    deployment("orders-server")
                        .getSpec()
                        .getTemplate()
                        .getSpec()
                        .getContainers()
                        .get(0)
                        .getImage())
                .isEqualTo("nginx:1.27"));
  }

  @Test
  void aJobWaitsForTheStatefulSetItDependsOn() throws IOException {
    template(
        "server.yaml.j2",
        """
        apiVersion: apps/v1
        kind: StatefulSet
        metadata:
          name: {{ metadata.name }}
        spec:
          serviceName: {{ metadata.name }}
          replicas: 1
          selector:
            matchLabels: {app: {{ metadata.name }}}
          template:
            metadata:
              labels: {app: {{ metadata.name }}}
            spec:
              nodeSelector: {gate: sts-{{ metadata.name }}}
              containers:
              - name: postgres
                image: postgres:16
        """);
    template(
        "create-db.yaml.j2",
        job("{{ metadata.name }}-create-db", "0", null, "StatefulSet/{{ metadata.name }}", ""));
    operator.start();
    postgreses.create("orders", Map.of("version", "16"));

    Waits.until(
        "orders' Progressing message",
        () -> progressingMessage("orders"),
        seen -> seen.contains("waits for"));
    Waits.until(
        Waits.await("no Job orders-create-db").during(Duration.ofSeconds(3)),
        () -> job("orders-create-db"),
        Objects::isNull);
    assertThat(progressingMessage("orders"))
        .contains(
            "Job "
                + namespace
                + "/orders-create-db (wave 0) waits for StatefulSet "
                + namespace
                + "/orders");
    assertThat(eventMessages("orders", "Waiting")).isNotEmpty();

    label("sts-orders");

    Waits.until("orders' Ready reason", () -> readyReason("orders"), seen -> seen.equals("Ready"));
    assertThat(job("orders-create-db")).isNotNull();
  }

  @Test
  void aPreUpgradeHookRunsOncePerRenderingOfItselfAndNotOnAResyncARestartOrAScale()
      throws IOException {
    template("server.yaml.j2", deployment("{{ metadata.name }}-server", "0", null));
    template(
        "migrate.yaml.j2",
        hook(
            "{{ metadata.name }}-migrate",
            "pre-upgrade",
            "{{ spec.image }}",
            null,
            false,
            "webserver-operator.io/hook-delete-policy: hook-succeeded"));
    Operator first = operator.start();
    postgreses.create("orders", Map.of("version", "16", "image", "nginx:1.26", "replicas", 1));
    Waits.until("orders' Ready reason", () -> readyReason("orders"), seen -> seen.equals("Ready"));
    assertThat(hookRuns()).as("no upgrade yet: an install").isZero();
    Waits.untilAsserted(
        () ->
            assertThat(hookRecords("orders"))
                .as("the install's rendering is the upgrade hook's baseline")
                .contains("phase=Skipped"));
    first.close();
    first = operator.start();
    // The restart's reconcile is the first after the install: nothing changed, so no upgrade.
    Quiet.holds(
        Duration.ofSeconds(3),
        () -> assertThat(hookRuns()).as("a reconcile after the install is no upgrade").isZero());

    postgreses.patchSpec("orders", Map.of("image", "nginx:1.27"));
    Waits.until(
        "orders' hook records", () -> hookRecords("orders"), seen -> seen.contains("Succeeded"));
    Waits.until("orders' Ready reason", () -> readyReason("orders"), seen -> seen.equals("Ready"));
    assertThat(createdEvents("orders", "orders-migrate-")).isEqualTo(1);
    assertThat(changeMessages("orders"))
        .as("held back by the hook, the update is still the template's, not a drift's")
        .anyMatch(message -> message.contains("Updated Deployment " + namespace + "/orders-server"))
        .noneMatch(message -> message.contains("Corrected drift of"));

    postgreses.patchSpec("orders", Map.of("replicas", 2));
    first.close();
    operator.start();
    Waits.until(
        "the replicas of orders-server", () -> replicas("orders-server"), seen -> seen == 2);
    Quiet.holds(
        Duration.ofSeconds(3),
        () ->
            assertThat(createdEvents("orders", "orders-migrate-"))
                .as("a scale and a restart run no hook")
                .isEqualTo(1));

    postgreses.patchSpec("orders", Map.of("image", "nginx:1.28"));
    Waits.until(
        "Created events of orders-migrate-",
        () -> createdEvents("orders", "orders-migrate-"),
        seen -> seen == 2);
  }

  @Test
  void aFailingPreUpgradeHookLeavesEveryObjectUntouched() throws IOException {
    template("server.yaml.j2", deployment("{{ metadata.name }}-server", "0", null));
    template(
        "migrate.yaml.j2",
        hook(
            "{{ metadata.name }}-migrate",
            "pre-upgrade",
            "{{ spec.image }}",
            "never-{{ spec.image | replace(':', '-') }}",
            true,
            ""));
    operator.start();
    postgreses.create("orders", Map.of("version", "16", "image", "nginx:1.26"));
    Waits.until("orders' Ready reason", () -> readyReason("orders"), seen -> seen.equals("Ready"));
    long generation = deployment("orders-server").getMetadata().getGeneration();

    postgreses.patchSpec("orders", Map.of("image", "nginx:1.27"));

    Waits.until(
        "orders' Ready reason", () -> readyReason("orders"), seen -> seen.equals("HookFailed"));
    assertThat(readyMessage("orders"))
        .contains("pre-upgrade hook Job " + namespace + "/orders-migrate-", "failed");
    assertThat(deployment("orders-server").getMetadata().getGeneration()).isEqualTo(generation);
  }

  @Test
  void aPostInstallHookRunsOnce() throws IOException {
    template("server.yaml.j2", deployment("{{ metadata.name }}-server", "0", null));
    template(
        "welcome.yaml.j2",
        hook("{{ metadata.name }}-welcome", "post-install", "{{ spec.image }}", null, false, ""));
    operator.start();
    postgreses.create("orders", Map.of("version", "16", "image", "nginx:1.26"));

    Waits.until(
        "orders' hook records",
        () -> hookRecords("orders"),
        seen -> seen.contains("installed=true"));
    postgreses.patchSpec("orders", Map.of("image", "nginx:1.27"));
    Waits.until(
        "the image of orders-server",
        () -> image("orders-server"),
        seen -> seen.equals("nginx:1.27"));
    Quiet.holds(
        Duration.ofSeconds(2),
        () -> assertThat(createdEvents("orders", "orders-welcome-")).isEqualTo(1));
  }

  @Test
  void aPreInstallHookRunsOnceThoughTheSpecChangesBeforeTheInstallIsDone() throws IOException {
    // A Job whose pod waits for a node nobody labels: the install's objects are never all ready.
    template("stuck.yaml.j2", job("{{ metadata.name }}-stuck", "0", "never", null, ""));
    template(
        "settings.yaml.j2",
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ metadata.name }}-settings
        data:
          image: {{ spec.image }}
        """);
    template(
        "migrate.yaml.j2",
        hook("{{ metadata.name }}-migrate", "pre-install", "{{ spec.image }}", null, false, ""));
    operator.start();
    postgreses.create("orders", Map.of("version", "16", "image", "nginx:1.26"));
    Waits.until(
        "the image in orders' settings",
        () -> settingsImage("orders"),
        seen -> seen.equals("nginx:1.26"));

    postgreses.patchSpec("orders", Map.of("image", "nginx:1.27"));
    Waits.until(
        "the image in orders' settings",
        () -> settingsImage("orders"),
        seen -> seen.equals("nginx:1.27"));

    assertThat(createdEvents("orders", "orders-migrate-"))
        .as("a new rendering of a pre-install hook while installing is no second install")
        .isEqualTo(1);
  }

  private String settingsImage(String name) {
    ConfigMap settings =
        admin.configMaps().inNamespace(namespace).withName(name + "-settings").get();
    return settings == null ? "" : settings.getData().get("image");
  }

  @Test
  void deletionRunsThePreDeleteHookFirstThenGoesInReverseWaves() throws IOException {
    template("server.yaml.j2", deployment("{{ metadata.name }}-server", "0", null));
    template(
        "settings.yaml.j2",
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ metadata.name }}-settings
          annotations:
            webserver-operator.io/wave: "1"
        data: {a: b}
        """);
    template(
        "backup.yaml.j2",
        hook("{{ metadata.name }}-backup", "pre-delete", "busybox", null, false, ""));
    operator.start();
    postgreses.create("orders", Map.of("version", "16"));
    Waits.until("orders' Ready reason", () -> readyReason("orders"), seen -> seen.equals("Ready"));
    List<String> deleted = new CopyOnWriteArrayList<>();
    List<String> atBackup = new CopyOnWriteArrayList<>();
    try (var maps =
            admin.configMaps().inNamespace(namespace).watch(deletions(deleted, "ConfigMap"));
        var deploys =
            admin
                .apps()
                .deployments()
                .inNamespace(namespace)
                .watch(deletions(deleted, "Deployment"));
        var jobs =
            admin
                .batch()
                .v1()
                .jobs()
                .inNamespace(namespace)
                .watch(
                    new Recorder<>(
                        (action, job) -> {
                          if (action == Watcher.Action.ADDED) {
                            atBackup.add(
                                "settings="
                                    + (admin
                                            .configMaps()
                                            .inNamespace(namespace)
                                            .withName("orders-settings")
                                            .get()
                                        != null));
                          }
                        }))) {
      postgreses.named("orders").delete();

      Waits.until("the Postgres orders", () -> postgreses.named("orders").get(), Objects::isNull);
    }
    assertThat(atBackup)
        .as("every child there when the backup started")
        .containsExactly("settings=true");
    assertThat(deleted)
        .as("the higher wave gone before the lower one goes")
        .containsSubsequence("ConfigMap orders-settings", "Deployment orders-server");
  }

  @Test
  void aStuckPreDeleteHookTimesOutAndTheDeletionCompletes() throws IOException {
    template("server.yaml.j2", deployment("{{ metadata.name }}-server", "0", null));
    template(
        "backup.yaml.j2",
        hook(
            "{{ metadata.name }}-backup",
            "pre-delete",
            "busybox",
            "never",
            false,
            "webserver-operator.io/hook-timeout: 5s"));
    operator.start();
    postgreses.create("orders", Map.of("version", "16"));
    Waits.until("orders' Ready reason", () -> readyReason("orders"), seen -> seen.equals("Ready"));

    postgreses.named("orders").delete();

    Waits.until("the Postgres orders", () -> postgreses.named("orders").get(), Objects::isNull);
    assertThat(eventMessages("orders", "HookFailed"))
        .anySatisfy(
            message ->
                assertThat(message)
                    .contains("not ready within its hook-timeout of 5s", "deleted all the same"));
  }

  // --- templates

  private static String deployment(String name, String wave, String dependsOn) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: NAME
          annotations:
            webserver-operator.io/wave: "WAVE"
        spec:
          replicas: {{ spec.replicas | default(1) }}
          selector:
            matchLabels: {app: NAME}
          template:
            metadata:
              labels: {app: NAME}
            spec:
              containers:
              - name: server
                image: {{ spec.image | default('nginx:1.27') }}
        """
        .replace("NAME", name)
        .replace("WAVE", wave);
  }

  /**
   * A Job of the given wave; its pod waits for a node labelled {@code gate=GATE} when a gate is
   * given, and fails after 5 s without one.
   */
  private static String job(String name, String wave, String gate, String dependsOn, String extra) {
    return """
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: NAME
          annotations:
            webserver-operator.io/wave: "WAVE"
            DEPENDS
        spec:
          backoffLimit: 0
          template:
            spec:
              restartPolicy: Never
              NODE_SELECTOR
              containers:
              - name: run
                image: busybox
        """
        .replace("NAME", name)
        .replace("WAVE", wave)
        .replace(
            "DEPENDS", dependsOn == null ? extra : "webserver-operator.io/depends-on: " + dependsOn)
        .replace("NODE_SELECTOR", gate == null ? "" : "nodeSelector: {gate: migrate-" + gate + "}");
  }

  /**
   * A hook Job whose pod prints {@code image}; with a {@code gate} its pod never runs (no node has
   * that label), and with {@code deadline} the Job then fails after 5 s.
   */
  private static String hook(
      String name, String moment, String image, String gate, boolean deadline, String extra) {
    return """
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: NAME
          annotations:
            webserver-operator.io/hook: MOMENT
            EXTRA
        spec:
          backoffLimit: 0
          ACTIVE_DEADLINE
          template:
            spec:
              restartPolicy: Never
              NODE_SELECTOR
              containers:
              - name: run
                image: IMAGE
        """
        .replace("NAME", name)
        .replace("MOMENT", moment)
        .replace("IMAGE", image)
        .replace("EXTRA", extra)
        .replace("ACTIVE_DEADLINE", deadline ? "activeDeadlineSeconds: 5" : "")
        .replace("NODE_SELECTOR", gate == null ? "" : "nodeSelector: {gate: \"" + gate + "\"}");
  }

  private void template(String file, String text) throws IOException {
    Files.writeString(templates.resolve("postgres").resolve(file), text);
  }

  // --- the cluster

  /** Labels the node so that pods whose nodeSelector asks for {@code gate=value} run. */
  private static void label(String value) {
    admin
        .nodes()
        .withName(NODE)
        .edit(
            node -> {
              node.getMetadata().getLabels().put("gate", value);
              return node;
            });
  }

  private Deployment deployment(String name) {
    return admin.apps().deployments().inNamespace(namespace).withName(name).get();
  }

  private int replicas(String name) {
    Deployment deployment = deployment(name);
    return deployment == null ? 0 : deployment.getSpec().getReplicas();
  }

  private String image(String name) {
    Deployment deployment = deployment(name);
    return deployment == null
        ? ""
        : deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getImage();
  }

  private Job job(String name) {
    return admin.batch().v1().jobs().inNamespace(namespace).withName(name).get();
  }

  private int hookRuns() {
    return admin.batch().v1().jobs().inNamespace(namespace).list().getItems().size();
  }

  private String hookRecords(String name) {
    return String.valueOf(postgreses.status(name).get("hooks"));
  }

  private String readyReason(String name) {
    return postgreses.condition(name, "Ready").map(c -> String.valueOf(c.get("reason"))).orElse("");
  }

  private String readyMessage(String name) {
    return postgreses
        .condition(name, "Ready")
        .map(c -> String.valueOf(c.get("message")))
        .orElse("");
  }

  private String progressingMessage(String name) {
    return postgreses
        .condition(name, "Progressing")
        .map(c -> String.valueOf(c.get("message")))
        .orElse("");
  }

  private List<String> eventMessages(String involved, String reason) {
    return admin.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> involved.equals(e.getInvolvedObject().getName()))
        .filter(e -> reason.equals(e.getReason()))
        .map(Event::getMessage)
        .toList();
  }

  /** What the Normal events of {@code involved} say was changed. */
  private List<String> changeMessages(String involved) {
    return admin.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> involved.equals(e.getInvolvedObject().getName()))
        .filter(e -> "Normal".equals(e.getType()))
        .map(Event::getMessage)
        .toList();
  }

  /** How many hook runs named {@code prefix...} the events say were created. */
  private long createdEvents(String involved, String prefix) {
    return admin.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> involved.equals(e.getInvolvedObject().getName()))
        .mapToLong(
            e ->
                e.getMessage().contains("Created") && e.getMessage().contains("/" + prefix)
                    ? (e.getCount() == null ? 1 : e.getCount())
                    : 0)
        .sum();
  }

  /** On each object added, what the lower waves' objects were at that moment. */
  private <T extends HasMetadata> Watcher<T> added(List<String> order) {
    return new Recorder<>(
        (action, object) -> {
          if (action != Watcher.Action.ADDED) {
            return;
          }
          String name = object.getMetadata().getName();
          if (name.endsWith("-create-db")) {
            Deployment server = deployment("orders-server");
            boolean ready =
                server != null
                    && server.getStatus() != null
                    && Integer.valueOf(1).equals(server.getStatus().getAvailableReplicas());
            order.add("Job " + name + " after Deployment " + (ready ? "ready" : "NOT ready"));
          } else if (name.endsWith("-settings")) {
            Job job = job("orders-create-db");
            boolean complete =
                job != null
                    && job.getStatus() != null
                    && Integer.valueOf(1).equals(job.getStatus().getSucceeded());
            order.add(
                "ConfigMap " + name + " after Job " + (complete ? "complete" : "NOT complete"));
          }
        });
  }

  private static <T extends HasMetadata> Watcher<T> deletions(List<String> deleted, String kind) {
    return new Recorder<>(
        (action, object) -> {
          if (action == Watcher.Action.DELETED) {
            deleted.add(kind + " " + object.getMetadata().getName());
          }
        });
  }

  /** A watcher that passes every event on. */
  private record Recorder<T>(BiConsumer<Watcher.Action, T> onEvent) implements Watcher<T> {
    @Override
    public void eventReceived(Action action, T resource) {
      onEvent.accept(action, resource);
    }

    @Override
    public void onClose(WatcherException cause) {}
  }
}
