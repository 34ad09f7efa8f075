package io.webserveroperator.controller;

import static io.webserveroperator.testing.ServiceAccounts.rule;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.shard.ShardOptions;
import io.webserveroperator.testing.ConfigMapVolume;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.LogLines;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.ServiceAccounts;
import io.webserveroperator.testing.StatefulKind;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.TemplatesConfigMap;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Kinds added to and removed from watches.yaml while the operator runs, with no restart: a kind
 * added is reconciled within seconds, a kind removed is left as it is (its resources and their
 * children untouched, nothing pruned or finalized, and the log says so), a broken watches.yaml
 * keeps the last good one, a ConfigMap volume's {@code ..data} swap is followed like an edit, and a
 * kind the operator may not list and watch is refused, naming the rule to grant.
 */
class LiveKindsIT {

  private static final Path POSTGRES =
      Project.file("src/test/resources/io/webserveroperator/stateful");

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("live-kinds");

  private KubernetesClient admin;
  private WebServers webServers;
  private WebServers postgreses;
  private LogLines log;

  @BeforeEach
  void setUp() {
    admin = cluster.admin();
    webServers = cluster.webServers();
    postgreses = new WebServers(admin, cluster.namespace(), StatefulKind.KIND);
    new FolderApplier(admin, Waits.TIMEOUT).apply(POSTGRES.resolve("crd"));
    log = LogLines.of("io.webserveroperator.controller");
  }

  @AfterEach
  void tearDown() {
    log.close();
  }

  @Test
  void aKindAddedIsReconciledAndAKindRemovedIsLeftAsItIs() throws IOException {
    TemplateFolder.copy(POSTGRES.resolve("templates"), cluster.templates());
    Path watches = cluster.templates().resolve("watches.yaml");
    String webServerOnly = Files.readString(watches);
    cluster.startOperator();
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));
    Waits.until("the Deployment web-deployment", () -> cluster.deployment("web"), Objects::nonNull);
    cluster.rollOut("web");
    awaitReady(webServers, "web");
    postgreses.create("db", Map.of("password", "p", "version", "17"));
    Quiet.holds(Duration.ofSeconds(1), () -> assertThat(postgreses.status("db")).isEmpty());

    long added = System.nanoTime();
    Files.writeString(watches, webServerOnly + postgresEntry());
    awaitReady(postgreses, "db");
    System.out.printf(
        "LiveKindsIT: Postgres db Ready=True %d ms after watches.yaml listed its kind%n",
        (System.nanoTime() - added) / 1_000_000);
    assertThat(log.await("Watching Postgres"))
        .isEqualTo(
            "INFO Watching Postgres (db.test.example.com/v1) now: 1 resources found, reconciling"
                + " them");

    // Broken: a file that does not parse, then a kind whose templates do not load.
    Files.writeString(watches, webServerOnly + postgresEntry() + "- group: [unclosed\n");
    assertThat(log.await("watches.yaml edit rejected"))
        .startsWith(
            "ERROR watches.yaml edit rejected, keeping the last good one (WebServer.webapp.example.com,"
                + " Postgres.db.test.example.com): ")
        .contains(watches.toString());
    Files.writeString(
        watches, webServerOnly + postgresEntry().replace("templates: postgres", "templates: none"));
    assertThat(log.await("The templates of Postgres do not load"))
        .contains("hold no *.yaml.j2 file to render");
    postgreses.create("db2", Map.of("password", "p", "version", "16"));
    awaitReady(postgreses, "db2");

    // As a WebServer that owns an object the garbage collector cannot remove holds it.
    webServers.named("web").edit(web -> addFinalizer(web, Cleanup.FINALIZER));
    Map<String, String> before = Quiet.settled(this::versionsOfWeb, Duration.ofSeconds(2));
    Map<String, Object> status = webServers.status("web");
    Files.writeString(watches, postgresEntry());
    assertThat(log.await("Stopped watching WebServer"))
        .isEqualTo(
            "INFO Stopped watching WebServer (webapp.example.com/v1), which watches.yaml no longer"
                + " lists: its 1 resources and their children are left as they are, nothing"
                + " pruned, deleted or finalized; 1 of them hold the finalizer"
                + " webserver-operator.io/cleanup, so deleting one waits until the kind is watched"
                + " again or the finalizer is removed by hand");
    try {
      // A change and a deletion the operator would carry out at once, were it still watching.
      webServers.patchSpec("web", Map.of("replicas", 3));
      webServers.named("web").delete();
      Quiet.holds(
          Duration.ofSeconds(3),
          () -> {
            assertThat(versionsOfWeb()).isEqualTo(before);
            assertThat(webServers.status("web")).isEqualTo(status);
            assertThat(webServers.named("web").get().getMetadata().getFinalizers())
                .containsExactly(Cleanup.FINALIZER);
          });
      assertThat(cluster.deployment("web").getSpec().getReplicas()).isEqualTo(1);
    } finally {
      webServers.named("web").edit(web -> removeFinalizers(web));
    }
    // The kind that stays is reconciled on.
    postgreses.create("db3", Map.of("password", "p", "version", "15"));
    awaitReady(postgreses, "db3");
  }

  @Test
  void aKeptKindTakesItsNewSettingsAtOnce() throws IOException {
    Path watches = cluster.templates().resolve("watches.yaml");
    cluster.startOperator();
    webServers.create("web", Map.of("image", "nginx", "replicas", 2));
    Waits.until("the replicas of web-deployment", this::replicas, seen -> seen == 2);

    Files.writeString(
        watches,
        Files.readString(watches).stripTrailing()
            + "\n"
            + """
              ignoreDifferences:
              - group: apps
                kind: Deployment
                jsonPointers: [/spec/replicas]
                managedFieldsManagers: [kube-controller-manager]
            """);
    log.await("watches.yaml changed: changed WebServer (webapp.example.com/v1): ignoreDifferences");
    // An autoscaler's scale: put back at once under the old entry, the owner of the field now.
    admin
        .apps()
        .deployments()
        .inNamespace(cluster.namespace())
        .withName("web-deployment")
        .patch(
            new PatchContext.Builder()
                .withPatchType(PatchType.JSON_MERGE)
                .withFieldManager("kube-controller-manager")
                .build(),
            "{\"spec\":{\"replicas\":5}}");
    Quiet.holds(Duration.ofSeconds(3), () -> assertThat(replicas()).isEqualTo(5));
  }

  @Test
  void anAutomaticallyShardedOperatorAssignsAKindAddedAndPublishesItOnItsLease()
      throws IOException {
    TemplateFolder.copy(POSTGRES.resolve("templates"), cluster.templates());
    Path watches = cluster.templates().resolve("watches.yaml");
    Operator operator =
        cluster
            .operator()
            .options(
                options ->
                    options
                        .leaderElection(
                            LeaderElectionOptions.disabled("member-1").toBuilder()
                                .enabled(true)
                                .build())
                        .shards(ShardOptions.automatic("member-1")))
            .start();
    Waits.until("member-1 leading", operator::isLeader, leads -> leads);
    postgreses.create("db", Map.of("password", "p", "version", "17"));

    Files.writeString(watches, Files.readString(watches) + postgresEntry());

    awaitReady(postgreses, "db");
    assertThat(postgreses.named("db").get().getMetadata().getLabels())
        .containsEntry(ManagedLabels.SHARD, "member-1");
    // The same Lease, which names the kinds its holder watches now.
    Waits.until(
        "the kinds on the Lease " + OperatorName.DEFAULT,
        () ->
            admin
                .leases()
                .inNamespace(cluster.namespace())
                .withName(OperatorName.DEFAULT)
                .get()
                .getMetadata()
                .getAnnotations()
                .get(PublishingLeaseLock.KINDS_ANNOTATION),
        "WebServer.webapp.example.com, Postgres.db.test.example.com"::equals);
  }

  @Test
  void followsAConfigMapVolumeSwapThatAddsAKind() throws IOException {
    Map<String, String> data =
        new TreeMap<>(TemplatesConfigMap.dataOf("WebServer", cluster.folder().resolve("shipped")));
    ConfigMapVolume volume = ConfigMapVolume.write(cluster.folder().resolve("volume"), data);
    cluster.operator().templates(volume.root()).start();
    postgreses.create("db", Map.of("password", "p", "version", "17"));

    try (Stream<Path> files = Files.list(POSTGRES.resolve("templates/postgres"))) {
      for (Path file : files.toList()) {
        data.put("postgres__" + file.getFileName(), Files.readString(file));
      }
    }
    data.put("watches.yaml", data.get("watches.yaml") + postgresEntry());
    volume.update(data);

    awaitReady(postgreses, "db");
    log.await("watches.yaml changed: added Postgres (db.test.example.com/v1)");
  }

  @Test
  void refusesAKindItMayNotListAndWatchUntilTheRuleIsGranted() throws IOException {
    TemplateFolder.copy(POSTGRES.resolve("templates"), cluster.templates());
    Path watches = cluster.templates().resolve("watches.yaml");
    String webServerOnly = Files.readString(watches);
    String role = "live-kinds-" + cluster.namespace();
    cluster.operator().client(operatorClient(role)).start();
    postgreses.create("db", Map.of("password", "p", "version", "17"));

    Files.writeString(watches, webServerOnly + postgresEntry());
    assertThat(log.await("watches.yaml edit rejected"))
        .isEqualTo(
            "ERROR watches.yaml edit rejected, keeping the last good one"
                + " (WebServer.webapp.example.com): The operator may not list and watch"
                + " postgreses.db.test.example.com in namespace "
                + cluster.namespace()
                + ": grant its ServiceAccount the rule {apiGroups: [\"db.test.example.com\"],"
                + " resources: [postgreses], verbs: [list, watch]} in its ClusterRole, with those"
                + " for postgreses/status and the kinds its templates render (lint --print-rbac"
                + " prints them all).");
    assertThat(postgreses.status("db")).isEmpty();

    try {
      grant(
          role + "-postgres",
          rule("db.test.example.com", "postgreses", "list", "watch"),
          rule("db.test.example.com", "postgreses/status", "patch"),
          rule("db.test.example.com", "postgreses/finalizers", "update"),
          rule("", "secrets", "get", "list", "watch", "create", "patch", "delete"));
      // Any edit of the folder brings the refused watches.yaml back.
      Files.writeString(watches, webServerOnly + postgresEntry() + "\n");
      awaitReady(postgreses, "db");
    } finally {
      admin.rbac().clusterRoles().withName(role).delete();
      admin.rbac().clusterRoleBindings().withName(role).delete();
      admin.rbac().clusterRoles().withName(role + "-postgres").delete();
      admin.rbac().clusterRoleBindings().withName(role + "-postgres").delete();
    }
  }

  private static GenericKubernetesResource addFinalizer(
      GenericKubernetesResource resource, String finalizer) {
    resource.getMetadata().getFinalizers().add(finalizer);
    return resource;
  }

  private static GenericKubernetesResource removeFinalizers(GenericKubernetesResource resource) {
    resource.getMetadata().getFinalizers().clear();
    return resource;
  }

  private void awaitReady(WebServers kind, String name) {
    Waits.until(
        name + "'s Ready condition",
        () -> kind.condition(name, "Ready"),
        ready -> ready.map(condition -> "True".equals(condition.get("status"))).orElse(false));
  }

  private int replicas() {
    var deployment = cluster.deployment("web");
    return deployment == null ? -1 : deployment.getSpec().getReplicas();
  }

  /** The resource versions of the WebServer web's children, by kind and name. */
  private Map<String, String> versionsOfWeb() {
    Map<String, String> versions = new TreeMap<>();
    String namespace = cluster.namespace();
    Stream.<List<? extends HasMetadata>>of(
            admin
                .apps()
                .deployments()
                .inNamespace(namespace)
                .withLabel(ManagedLabels.INSTANCE, "web")
                .list()
                .getItems(),
            admin
                .services()
                .inNamespace(namespace)
                .withLabel(ManagedLabels.INSTANCE, "web")
                .list()
                .getItems(),
            admin
                .configMaps()
                .inNamespace(namespace)
                .withLabel(ManagedLabels.INSTANCE, "web")
                .list()
                .getItems())
        .flatMap(List::stream)
        .forEach(
            object ->
                versions.put(
                    object.getKind() + " " + object.getMetadata().getName(),
                    object.getMetadata().getResourceVersion()));
    assertThat(versions).containsKeys("Deployment web-deployment", "Service web-service");
    return versions;
  }

  private static String postgresEntry() throws IOException {
    return Files.readString(POSTGRES.resolve("watches-entry.yaml"));
  }

  /**
   * A client of a ServiceAccount of its own that may do what the WebServer templates need, and
   * nothing with Postgres resources.
   */
  private KubernetesClient operatorClient(String role) {
    String namespace = cluster.namespace();
    ServiceAccounts.create(admin, namespace, "operator");
    grant(
        role,
        rule("webapp.example.com", "webservers", "list", "watch"),
        rule("webapp.example.com", "webservers/status", "patch"),
        rule("webapp.example.com", "webservers/finalizers", "update"),
        rule("apps", "deployments", "get", "list", "watch", "create", "patch", "delete"),
        rule("", "services", "get", "list", "watch", "create", "patch", "delete"),
        rule("", "configmaps", "get", "list", "watch", "create", "patch", "delete"),
        rule("networking.k8s.io", "ingresses", "get", "list", "watch", "create", "patch", "delete"),
        rule("", "events", "create", "get", "patch"),
        rule("apiextensions.k8s.io", "customresourcedefinitions", "get"));
    return ServiceAccounts.client(admin, namespace, "operator");
  }

  /** A ClusterRole of these rules, bound to the test's ServiceAccount {@code operator}. */
  private void grant(String name, PolicyRule... rules) {
    ServiceAccounts.grant(admin, name, cluster.namespace(), "operator", rules);
  }
}
