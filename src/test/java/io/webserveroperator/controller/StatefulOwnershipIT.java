package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.rollout.RevisionStore;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.StatefulKind;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A stateful kind loses nothing, with the garbage collector running: a credentials Secret made once
 * and kept keeps its data across the deletion and re-creation of its resource, an adoption writes
 * nothing but ownership, {@code keep} added to or removed from a template takes effect on the live
 * object, a kind never adopts what another kind kept under the same name, and an edit of a kind's
 * tests is no template revision.
 */
class StatefulOwnershipIT {

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("stateful");
  private KubernetesClient admin;
  private String namespace;
  private WebServers postgreses;

  @BeforeEach
  void setUp() {
    admin = cluster.admin();
    namespace = cluster.namespace();
    postgreses = StatefulKind.addTo(cluster);
    // After the kind's CRD: the collector finds a kind served later only up to 30 s later.
    KubeTestBed.get().withGarbageCollector();
  }

  @Test
  void aCreateOnlyKeptSecretKeepsItsDataAcrossDeleteAndRecreateOfItsResource() {
    cluster.startOperator();
    postgreses.create("orders", Map.of("password", "first", "version", "16"));
    Waits.until(
        "the Secret orders-credentials", () -> secret("orders-credentials"), Objects::nonNull);
    Secret made = secret("orders-credentials");
    assertThat(made.getMetadata().getOwnerReferences()).as("kept: no owner reference").isEmpty();
    assertThat(made.getMetadata().getLabels())
        .containsEntry(ManagedLabels.OWNER_KIND, "Postgres")
        .containsEntry(ManagedLabels.OWNER_GROUP, "db.test.example.com");

    deleteAndAwaitCollected("orders");
    postgreses.create("orders", Map.of("password", "second", "version", "16"));

    Waits.untilAsserted(
        () -> assertThat(eventMessage("orders", "Adopted")).contains("orders-credentials"));
    Secret adopted = secret("orders-credentials");
    assertThat(adopted.getData()).as("byte for byte").isEqualTo(made.getData());
    assertThat(adopted.getMetadata().getResourceVersion())
        .as("owned as it was kept: not written at all")
        .isEqualTo(made.getMetadata().getResourceVersion());
    assertThat(inventoryEntry("orders", "Secret", "orders-credentials"))
        .containsEntry("kept", true);
  }

  @Test
  void anAdoptedCreateOnlySecretGetsOwnershipWrittenAndNothingElse() {
    Secret users =
        admin
            .secrets()
            .inNamespace(namespace)
            .resource(
                new SecretBuilder()
                    .withNewMetadata()
                    .withName("orders-credentials")
                    .addToAnnotations("webserver-operator.io/adopt", "true")
                    .endMetadata()
                    .addToStringData("password", "set-by-the-dba")
                    .build())
            .create();
    cluster.startOperator();

    postgreses.create("orders", Map.of("password", "rendered", "version", "16"));

    Waits.untilAsserted(
        () ->
            assertThat(secret("orders-credentials").getMetadata().getAnnotations())
                .doesNotContainKey("webserver-operator.io/adopt"));
    Secret adopted = secret("orders-credentials");
    assertThat(adopted.getData()).isEqualTo(users.getData());
    assertThat(adopted.getMetadata().getLabels())
        .containsEntry(ManagedLabels.INSTANCE, "orders")
        .containsEntry(ManagedLabels.OWNER_KIND, "Postgres");
    assertThat(adopted.getMetadata().getAnnotations())
        .containsEntry("webserver-operator.io/ssa", "IfNotPresent")
        .containsEntry("webserver-operator.io/resource-policy", "keep");
    List<ManagedFieldsEntry> ours =
        adopted.getMetadata().getManagedFields().stream()
            .filter(entry -> entry.getManager().equals(ManagedLabels.FIELD_MANAGER))
            .toList();
    assertThat(ours)
        .as("one update, of metadata alone")
        .singleElement()
        .satisfies(
            entry -> {
              assertThat(entry.getOperation()).isEqualTo("Update");
              assertThat(entry.getFieldsV1().getAdditionalProperties())
                  .containsOnlyKeys("f:metadata");
            });
  }

  @Test
  void keepAddedToATemplateOutlivesTheResourceAndRemovedIsCollectedWithIt() throws IOException {
    Path config = StatefulKind.template(cluster, "config.yaml.j2");
    String plain = Files.readString(config);
    String kept =
        plain.replace(
            "  name: {{ metadata.name }}-config\n",
            "  name: {{ metadata.name }}-config\n"
                + "  annotations:\n"
                + "    webserver-operator.io/resource-policy: keep\n");
    assertThat(kept).isNotEqualTo(plain);
    cluster.startOperator();
    var orders = postgreses.create("orders", Map.of("password", "p", "version", "16"));
    Waits.until("the ConfigMap orders-config", () -> configMap("orders-config"), Objects::nonNull);
    assertThat(configMap("orders-config").getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(o -> assertThat(o.getUid()).isEqualTo(orders.getMetadata().getUid()));

    Files.writeString(config, kept);

    Waits.untilAsserted(
        () -> {
          ConfigMap now = configMap("orders-config");
          assertThat(now.getMetadata().getOwnerReferences()).isEmpty();
          assertThat(now.getMetadata().getAnnotations())
              .containsEntry("webserver-operator.io/resource-policy", "keep");
          assertThat(inventoryEntry("orders", "ConfigMap", "orders-config"))
              .containsEntry("kept", true);
        });
    String uid = configMap("orders-config").getMetadata().getUid();
    deleteAndAwaitCollected("orders");
    assertThat(configMap("orders-config").getMetadata().getUid())
        .as("kept through its resource's deletion")
        .isEqualTo(uid);

    Files.writeString(config, plain);
    var again = postgreses.create("orders", Map.of("password", "p", "version", "16"));
    Waits.untilAsserted(
        () -> {
          ConfigMap now = configMap("orders-config");
          assertThat(now.getMetadata().getUid()).isEqualTo(uid);
          assertThat(now.getMetadata().getOwnerReferences())
              .singleElement()
              .satisfies(o -> assertThat(o.getUid()).isEqualTo(again.getMetadata().getUid()));
          assertThat(now.getMetadata().getAnnotations())
              .doesNotContainKey("webserver-operator.io/resource-policy");
          assertThat(inventoryEntry("orders", "ConfigMap", "orders-config"))
              .doesNotContainKey("kept");
        });
    postgreses.named("orders").delete();
    Waits.until("the ConfigMap orders-config", () -> configMap("orders-config"), Objects::isNull);
  }

  @Test
  void aKindNeverAdoptsWhatAWebServerOfTheSameNameKept() throws IOException {
    Files.writeString(
        cluster.templates().resolve("webserver/credentials.yaml.j2"),
        """
        apiVersion: v1
        kind: Secret
        metadata:
          name: {{ metadata.name }}-credentials
          annotations:
            webserver-operator.io/resource-policy: keep
        stringData:
          password: the-web-servers
        """);
    cluster.startOperator();
    WebServers webServers = cluster.webServers();
    webServers.create("orders", Map.of("image", "nginx:1.27", "replicas", 1));
    Waits.until(
        "the Secret orders-credentials", () -> secret("orders-credentials"), Objects::nonNull);
    webServers.named("orders").delete();
    Waits.until("the Deployment of orders", () -> cluster.deployment("orders"), Objects::isNull);
    Secret keptByWebServer = secret("orders-credentials");

    postgreses.create("orders", Map.of("password", "the-databases", "version", "16"));

    Waits.untilAsserted(
        () ->
            assertThat(readyMessage("orders"))
                .contains(
                    "Secret "
                        + namespace
                        + "/orders-credentials exists and is managed for WebServer orders,"
                        + " not by Postgres "
                        + namespace
                        + "/orders"));
    Secret after = secret("orders-credentials");
    assertThat(after.getMetadata().getResourceVersion())
        .isEqualTo(keptByWebServer.getMetadata().getResourceVersion());
  }

  @Test
  void anObjectKeptByTheReleasedVersionStaysAdoptableByItsWebServer() throws IOException {
    Files.writeString(
        cluster.templates().resolve("webserver/credentials.yaml.j2"),
        """
        apiVersion: v1
        kind: Secret
        metadata:
          name: {{ metadata.name }}-credentials
          annotations:
            webserver-operator.io/resource-policy: keep
            webserver-operator.io/ssa: IfNotPresent
        stringData:
          password: the-web-servers
        """);
    // As the released version left it: managed-by and instance, no kind labels.
    admin
        .secrets()
        .inNamespace(namespace)
        .resource(
            new SecretBuilder()
                .withNewMetadata()
                .withName("shop-credentials")
                .addToLabels(ManagedLabels.MANAGED_BY, ManagedLabels.MANAGER)
                .addToLabels(ManagedLabels.INSTANCE, "shop")
                .endMetadata()
                .addToStringData("password", "kept-before-the-upgrade")
                .build())
        .create();
    cluster.startOperator();

    cluster.webServers().create("shop", Map.of("image", "nginx:1.27", "replicas", 1));

    Waits.untilAsserted(
        () ->
            assertThat(secret("shop-credentials").getMetadata().getLabels())
                .containsEntry(ManagedLabels.OWNER_KIND, "WebServer"));
    assertThat(secret("shop-credentials").getData().get("password"))
        .isEqualTo(Base64.getEncoder().encodeToString("kept-before-the-upgrade".getBytes()));
  }

  @Test
  void anEditUnderTestsIsNoTemplateRevision() throws IOException {
    cluster.startOperator();
    postgreses.create("orders", Map.of("password", "p", "version", "16"));
    Waits.until("how many template revisions", () -> revisions().size(), seen -> seen == 2);
    List<ConfigMap> before = revisions();

    Path tests = StatefulKind.template(cluster, "tests/credentials_test.yaml");
    Files.createDirectories(tests.getParent());
    Files.writeString(tests, "tests: []\n");
    // A real edit after it: once its revision is stored, the tests' edit has been seen too.
    Path config = StatefulKind.template(cluster, "config.yaml.j2");
    Files.writeString(config, "{# a comment #}\n" + Files.readString(config));

    Waits.until(
        "how many template revisions", () -> revisions().size(), seen -> seen == before.size() + 1);
    Quiet.holds(
        Duration.ofSeconds(1),
        () -> {
          assertThat(revisions()).hasSize(before.size() + 1);
          assertThat(revisions())
              .allSatisfy(
                  revision ->
                      assertThat(revision.getData().get(RevisionStore.FILES_KEY))
                          .doesNotContain("tests/"));
        });
  }

  private List<ConfigMap> revisions() {
    return admin
        .configMaps()
        .inNamespace(namespace)
        .withLabel(RevisionStore.KIND_LABEL)
        .list()
        .getItems();
  }

  /** Deletes the Postgres and waits until the garbage collector removed what it did not keep. */
  private void deleteAndAwaitCollected(String name) {
    GenericKubernetesResource resource = postgreses.named(name).get();
    ConfigMap canary =
        admin
            .configMaps()
            .inNamespace(namespace)
            .resource(
                new ConfigMapBuilder()
                    .withNewMetadata()
                    .withName(name + "-canary")
                    .addNewOwnerReference()
                    .withApiVersion(resource.getApiVersion())
                    .withKind(resource.getKind())
                    .withName(name)
                    .withUid(resource.getMetadata().getUid())
                    .endOwnerReference()
                    .endMetadata()
                    .build())
            .create();
    postgreses.named(name).delete();
    Waits.untilAsserted(
        () -> {
          assertThat(postgreses.named(name).get()).as("the Postgres " + name).isNull();
          assertThat(configMap(canary.getMetadata().getName())).as("its canary ConfigMap").isNull();
        });
  }

  private Map<String, Object> inventoryEntry(String resource, String kind, String name) {
    return UntypedMaps.getMaps(postgreses.status(resource), "inventory").stream()
        .filter(entry -> kind.equals(entry.get("kind")) && name.equals(entry.get("name")))
        .findFirst()
        .orElseThrow(() -> new AssertionError(kind + " " + name + " is not in the inventory"));
  }

  private String readyMessage(String name) {
    return postgreses
        .condition(name, "Ready")
        .map(condition -> String.valueOf(condition.get("message")))
        .orElse("");
  }

  private String eventMessage(String involved, String reason) {
    return admin.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> involved.equals(e.getInvolvedObject().getName()))
        .filter(e -> reason.equals(e.getReason()))
        .map(Event::getMessage)
        .findFirst()
        .orElse("");
  }

  private Secret secret(String name) {
    return admin.secrets().inNamespace(namespace).withName(name).get();
  }

  private ConfigMap configMap(String name) {
    return admin.configMaps().inNamespace(namespace).withName(name).get();
  }
}
