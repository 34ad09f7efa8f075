package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.status.Reason;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A cluster that is not empty, with the garbage collector running: objects a user made by hand
 * under names the templates render, another WebServer's objects, objects kept, created once or
 * recreated by their lifecycle annotations. What is not the WebServer's is never changed, owned,
 * pruned or deleted.
 */
class OwnershipIT {

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("ownership");
  private KubernetesClient admin;
  private String namespace;
  private WebServers webServers;
  private Path templates;

  @BeforeEach
  void setUp() {
    KubeTestBed.get().withGarbageCollector();
    admin = cluster.admin();
    namespace = cluster.namespace();
    webServers = cluster.webServers();
    templates = cluster.templates();
  }

  @Test
  void aUsersConfigMapAndServiceAreNeverTakenAndOutliveTheWebServer() {
    ConfigMap usersConfig = create(userConfigMap("shop-content", Map.of()));
    Service usersService =
        admin
            .services()
            .inNamespace(namespace)
            .resource(
                new ServiceBuilder()
                    .withNewMetadata()
                    .withName("shop-service")
                    .endMetadata()
                    .withNewSpec()
                    .addNewPort()
                    .withName("user")
                    .withPort(8080)
                    .endPort()
                    .endSpec()
                    .build())
            .create();
    cluster.startOperator();

    var shop = webServers.create("shop", spec(Map.of("index.html", "<h1>shop</h1>")));

    webServers.awaitReadyFalse(
        "shop",
        Reason.OWNERSHIP_CONFLICT.text(),
        "ConfigMap "
            + namespace
            + "/shop-content exists and is not managed by WebServer "
            + namespace
            + "/shop",
        "Service "
            + namespace
            + "/shop-service exists and is not managed by WebServer "
            + namespace
            + "/shop",
        "Nothing was applied or pruned");
    Waits.until(
        "shop's warnings",
        () -> webServers.warnings("shop"),
        seen -> seen.contains(Reason.OWNERSHIP_CONFLICT.text()));
    assertUntouched(usersConfig);
    assertUntouched(usersService);
    Waits.untilAsserted(
        () ->
            assertThat(cluster.deployment("shop"))
                .as("nothing of the reconcile stays applied, not even the Deployment")
                .isNull());
    assertThat(eventReasons("shop")).doesNotContain("Created");

    ConfigMap ownedByShop = ownedCanary(shop);
    webServers.named("shop").delete();
    awaitGone(ownedByShop);

    assertUntouched(usersConfig);
    assertUntouched(usersService);
  }

  @Test
  void anObjectMarkedForAdoptionIsAdoptedAndLosesTheMark() {
    create(userConfigMap("shop-content", Map.of("webserver-operator.io/adopt", "true")));
    cluster.startOperator();

    var shop = webServers.create("shop", spec(Map.of("index.html", "<h1>shop</h1>")));

    Waits.untilAsserted(
        () -> {
          ConfigMap adopted = configMap("shop-content");
          assertThat(adopted.getData())
              .containsEntry("index.html", "<h1>shop</h1>")
              .as("a key the template does not set stays, its owner's to remove")
              .containsEntry("precious", "mine");
          assertThat(adopted.getMetadata().getOwnerReferences())
              .singleElement()
              .satisfies(o -> assertThat(o.getUid()).isEqualTo(shop.getMetadata().getUid()));
          assertThat(adopted.getMetadata().getAnnotations())
              .doesNotContainKey("webserver-operator.io/adopt");
        });
    // The Event is written after the status, by the event recorder's own thread.
    Waits.untilAsserted(
        () ->
            assertThat(eventMessage("shop", "Adopted"))
                .contains("Adopted ConfigMap " + namespace + "/shop-content"));
    assertThat(cluster.deployment("shop")).isNotNull();
  }

  @Test
  void anotherWebServersObjectIsNeverTaken() throws IOException {
    Files.writeString(
        templates.resolve("webserver/shared.yaml.j2"),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: shared-settings
        data:
          owner: {{ metadata.name }}
        """);
    cluster.startOperator();
    var first = webServers.create("first", spec(null));
    Waits.until(
        "the ConfigMap shared-settings",
        () -> configMapOrNull("shared-settings"),
        Objects::nonNull);
    // Marked for adoption by someone who is not its owner: a controller owner reference decides.
    ConfigMap firsts =
        admin
            .configMaps()
            .inNamespace(namespace)
            .withName("shared-settings")
            .edit(
                c ->
                    new ConfigMapBuilder(c)
                        .editMetadata()
                        .addToAnnotations("webserver-operator.io/adopt", "true")
                        .endMetadata()
                        .build());

    webServers.create("second", spec(null));

    webServers.awaitReadyFalse(
        "second",
        Reason.OWNERSHIP_CONFLICT.text(),
        "ConfigMap "
            + namespace
            + "/shared-settings exists and is controlled by WebServer first,"
            + " not by WebServer "
            + namespace
            + "/second");
    assertThat(cluster.deployment("second")).isNull();
    ConfigMap after = configMap("shared-settings");
    assertThat(after.getMetadata().getResourceVersion())
        .isEqualTo(firsts.getMetadata().getResourceVersion());
    assertThat(after.getData()).containsEntry("owner", "first");
    assertThat(after.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(o -> assertThat(o.getUid()).isEqualTo(first.getMetadata().getUid()));
  }

  @Test
  void aKeptClaimOutlivesItsWebServerAndIsAdoptedByTheNextOfItsName() throws IOException {
    Files.writeString(
        templates.resolve("webserver/data.yaml.j2"),
        """
        apiVersion: v1
        kind: PersistentVolumeClaim
        metadata:
          name: {{ metadata.name }}-data
          annotations:
            webserver-operator.io/resource-policy: keep
        spec:
          accessModes: [ReadWriteOnce]
          resources:
            requests:
              storage: 1Gi
        """);
    cluster.startOperator();
    var shop = webServers.create("shop", spec(null));
    Waits.until("the PersistentVolumeClaim shop-data", () -> claim("shop-data"), Objects::nonNull);
    PersistentVolumeClaim kept = claim("shop-data");
    assertThat(kept.getMetadata().getOwnerReferences())
        .as("the garbage collector must not delete it")
        .isEmpty();
    Waits.untilAsserted(
        () ->
            assertThat(webServers.status("shop").get("inventory"))
                .asList()
                .contains(
                    Map.of(
                        "apiVersion",
                        "v1",
                        "kind",
                        "PersistentVolumeClaim",
                        "namespace",
                        namespace,
                        "name",
                        "shop-data",
                        "kept",
                        true)));

    ConfigMap ownedByShop = ownedCanary(shop);
    webServers.named("shop").delete();
    awaitGone(ownedByShop);
    Waits.until("the Deployment of shop", () -> cluster.deployment("shop"), Objects::isNull);

    assertThat(claim("shop-data").getMetadata().getUid()).isEqualTo(kept.getMetadata().getUid());

    webServers.create("shop", spec(null));

    Waits.until(
        "shop's event reasons", () -> eventReasons("shop"), seen -> seen.contains("Adopted"));
    assertThat(eventMessage("shop", "Adopted"))
        .contains("Adopted PersistentVolumeClaim " + namespace + "/shop-data");
    assertThat(webServers.warnings("shop")).doesNotContain(Reason.OWNERSHIP_CONFLICT.text());
    assertThat(claim("shop-data").getMetadata().getUid()).isEqualTo(kept.getMetadata().getUid());
  }

  @Test
  void aCreateOnlyObjectKeepsAUsersEditAcrossSpecChangesAndResyncs() throws IOException {
    Path template = templates.resolve("webserver/configmap.yaml.j2");
    Files.writeString(
        template,
        withAnnotation(Files.readString(template), "webserver-operator.io/ssa: IfNotPresent"));
    cluster.operator().resync(Duration.ofSeconds(1)).start();
    webServers.create("shop", spec(Map.of("index.html", "seed")));
    Waits.until(
        "the ConfigMap shop-content", () -> configMapOrNull("shop-content"), Objects::nonNull);

    admin
        .configMaps()
        .inNamespace(namespace)
        .withName("shop-content")
        .edit(c -> new ConfigMapBuilder(c).addToData("index.html", "edited by hand").build());
    webServers.patchSpec("shop", Map.of("replicas", 3, "content", Map.of("index.html", "new")));

    Waits.until(
        "the replicas of shop",
        () -> cluster.deployment("shop").getSpec().getReplicas(),
        seen -> seen == 3);
    // Three resyncs of one second each: none may put the seed back.
    Quiet.holds(
        Duration.ofSeconds(3),
        () -> {
          assertThat(configMap("shop-content").getData())
              .containsExactly(Map.entry("index.html", "edited by hand"));
          assertThat(eventReasons("shop")).doesNotContain("DriftCorrected");
        });
  }

  @Test
  void aDeploymentWhoseSelectorChangedIsRecreatedWhenItsTemplateSaysForce() throws IOException {
    Path template = templates.resolve("webserver/deployment.yaml.j2");
    Files.writeString(
        template,
        withAnnotation(Files.readString(template), "webserver-operator.io/force: enabled"));
    cluster.startOperator();
    webServers.create("shop", spec(null));
    Waits.until("the Deployment of shop", () -> cluster.deployment("shop"), Objects::nonNull);
    String before = cluster.deployment("shop").getMetadata().getUid();

    Files.writeString(template, withTierLabel(Files.readString(template)));

    Waits.untilAsserted(
        () -> {
          Deployment recreated = cluster.deployment("shop");
          assertThat(recreated).isNotNull();
          assertThat(recreated.getMetadata().getUid()).isNotEqualTo(before);
          assertThat(recreated.getSpec().getSelector().getMatchLabels())
              .containsEntry("tier", "web");
        });
    Waits.untilAsserted(
        () ->
            assertThat(eventMessage("shop", "Recreated"))
                .contains(
                    "Recreated (immutable field) Deployment " + namespace + "/shop-deployment"));
  }

  @Test
  void withoutForceAnImmutableFieldNamesTheFieldAndTheAnnotation() throws IOException {
    Path template = templates.resolve("webserver/deployment.yaml.j2");
    cluster.startOperator();
    webServers.create("shop", spec(null));
    Waits.until("the Deployment of shop", () -> cluster.deployment("shop"), Objects::nonNull);
    String before = cluster.deployment("shop").getMetadata().getUid();

    Files.writeString(template, withTierLabel(Files.readString(template)));

    webServers.awaitReadyFalse(
        "shop",
        "FieldImmutable",
        "spec.selector",
        "field is immutable",
        "webserver-operator.io/force: enabled");
    assertThat(cluster.deployment("shop").getMetadata().getUid()).isEqualTo(before);
  }

  /** The tutorial's Deployment template with one more label in its selector and pods. */
  private static String withTierLabel(String deploymentTemplate) {
    String changed =
        deploymentTemplate.replaceAll(
            "(?m)^( +)app: \\{\\{ name }}\n", "$1app: {{ name }}\n$1tier: web\n");
    assertThat(changed)
        .as("the template's selector and pod labels")
        .isNotEqualTo(deploymentTemplate);
    return changed;
  }

  /** The template with one annotation on its object's metadata, before its labels. */
  private static String withAnnotation(String template, String annotation) {
    String changed =
        template.replaceFirst(
            "(?m)^  labels:\n", "  annotations:\n    " + annotation + "\n  labels:\n");
    assertThat(changed).as("the template's metadata labels").isNotEqualTo(template);
    return changed;
  }

  private static Map<String, Object> spec(Map<String, String> content) {
    return content == null
        ? Map.of("image", "nginx:1.27", "replicas", 1)
        : Map.of("image", "nginx:1.27", "replicas", 1, "content", content);
  }

  private ConfigMap userConfigMap(String name, Map<String, String> annotations) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName(name)
        .withAnnotations(annotations)
        .endMetadata()
        .addToData("precious", "mine")
        .build();
  }

  private ConfigMap create(ConfigMap configMap) {
    return admin.configMaps().inNamespace(namespace).resource(configMap).create();
  }

  /**
   * A ConfigMap owned by the WebServer and nothing else: once the garbage collector has deleted it,
   * it has handled the WebServer's deletion.
   */
  private ConfigMap ownedCanary(GenericKubernetesResource owner) {
    return create(
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName(owner.getMetadata().getName() + "-canary")
            .withOwnerReferences(
                new OwnerReferenceBuilder()
                    .withApiVersion(owner.getApiVersion())
                    .withKind(owner.getKind())
                    .withName(owner.getMetadata().getName())
                    .withUid(owner.getMetadata().getUid())
                    .build())
            .endMetadata()
            .build());
  }

  private void awaitGone(ConfigMap configMap) {
    Waits.until(
        "the ConfigMap " + configMap.getMetadata().getName(),
        () -> configMapOrNull(configMap.getMetadata().getName()),
        Objects::isNull);
  }

  /** Still there, with the same resource version: never written, owned or labelled. */
  private void assertUntouched(HasMetadata before) {
    HasMetadata now =
        before instanceof Service
            ? admin.services().inNamespace(namespace).withName(name(before)).get()
            : configMap(name(before));
    assertThat(now).as(before.getKind() + " " + name(before) + " is still there").isNotNull();
    assertThat(now.getMetadata().getResourceVersion())
        .isEqualTo(before.getMetadata().getResourceVersion());
    assertThat(now.getMetadata().getOwnerReferences()).isEmpty();
    assertThat(now.getMetadata().getManagedFields())
        .extracting(ManagedFieldsEntry::getManager)
        .doesNotContain("webserver-operator");
  }

  private static String name(HasMetadata object) {
    return object.getMetadata().getName();
  }

  private ConfigMap configMap(String name) {
    ConfigMap found = configMapOrNull(name);
    assertThat(found).as("ConfigMap " + name).isNotNull();
    return found;
  }

  private ConfigMap configMapOrNull(String name) {
    return admin.configMaps().inNamespace(namespace).withName(name).get();
  }

  private PersistentVolumeClaim claim(String name) {
    return admin.persistentVolumeClaims().inNamespace(namespace).withName(name).get();
  }

  private List<String> eventReasons(String webServer) {
    return events(webServer).stream().map(Event::getReason).toList();
  }

  private String eventMessage(String webServer, String reason) {
    return events(webServer).stream()
        .filter(e -> reason.equals(e.getReason()))
        .map(Event::getMessage)
        .findFirst()
        .orElse("no event " + reason);
  }

  private List<Event> events(String webServer) {
    return admin.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> webServer.equals(e.getInvolvedObject().getName()))
        .toList();
  }
}
