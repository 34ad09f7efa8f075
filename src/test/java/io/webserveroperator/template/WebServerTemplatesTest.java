package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The WebServer templates: the tutorial's objects, ownership, optional objects, status, reload. */
class WebServerTemplatesTest {

  static Map<String, Object> webServer(Map<String, Object> spec, boolean withUid) {
    Map<String, Object> meta =
        withUid
            ? Map.of("name", "shop", "namespace", "prod", "uid", "uid-7")
            : Map.of("name", "shop", "namespace", "prod");
    return Map.of(
        "apiVersion", "webapp.example.com/v1", "kind", "WebServer", "metadata", meta, "spec", spec);
  }

  @Test
  void rendersDeploymentAndServiceWithLabelsAndOwner() {
    try (TemplateRegistry registry =
        TemplateRegistry.load(Project.file("templates/watches.yaml"))) {
      TemplatedKind watch = registry.watches().get(0);
      List<RenderedObject> objects =
          registry.render(watch, webServer(Map.of("image", "nginx:1.27", "replicas", 3), true));

      assertThat(objects)
          .extracting(o -> o.ref().toString())
          .containsExactly("Deployment prod/shop-deployment", "Service prod/shop-service");
      Map<String, Object> meta = UntypedMaps.asMap(objects.get(0).body().get("metadata"), "a map");
      assertThat(UntypedMaps.asMap(meta.get("labels"), "a map"))
          .containsEntry(ManagedLabels.MANAGED_BY, "webserver-operator")
          .containsEntry(ManagedLabels.INSTANCE, "shop")
          .containsEntry("app", "shop");
      assertThat(meta.get("ownerReferences"))
          .isEqualTo(
              List.of(
                  Map.of(
                      "apiVersion", "webapp.example.com/v1",
                      "kind", "WebServer",
                      "name", "shop",
                      "uid", "uid-7",
                      "controller", true,
                      "blockOwnerDeletion", true)));
      assertThat(UntypedMaps.asMap(objects.get(0).body().get("spec"), "a map"))
          .containsEntry("replicas", 3);
      assertThat(UntypedMaps.asMap(objects.get(1).body().get("spec"), "a map"))
          .containsEntry("type", "ClusterIP");
    }
  }

  @Test
  void leavesOwnerReferencesOutWithoutUidAndAddsOptionalObjects() {
    try (TemplateRegistry registry =
        TemplateRegistry.load(Project.file("templates/watches.yaml"))) {
      TemplatedKind watch = registry.watches().get(0);
      Map<String, Object> spec =
          Map.of(
              "image",
              "nginx",
              "replicas",
              1,
              "port",
              8080,
              "content",
              Map.of("index.html", "<h1>hi</h1>\n"),
              "ingress",
              Map.of("host", "shop.example.com"));
      List<RenderedObject> objects = registry.render(watch, webServer(spec, false));

      assertThat(objects)
          .extracting(o -> o.ref().kind())
          .containsExactly("ConfigMap", "Deployment", "Ingress", "Service");
      assertThat(UntypedMaps.asMap(objects.get(1).body().get("metadata"), "a map"))
          .doesNotContainKey("ownerReferences");
      assertThat(objects.get(0).body().get("data"))
          .isEqualTo(Map.of("index.html", "<h1>hi</h1>\n"));
    }
  }

  @Test
  void statusTakesAvailableReplicasFromTheDeployment() {
    try (TemplateRegistry registry =
        TemplateRegistry.load(Project.file("templates/watches.yaml"))) {
      TemplatedKind watch = registry.watches().get(0);
      Map<String, Object> resource = webServer(Map.of("image", "nginx", "replicas", 2), true);
      Map<String, Object> deployment = Map.of("status", Map.of("availableReplicas", 2));

      ParsedRevision templates = Fixtures.revision(registry, watch, null);
      TemplateInput input = TemplateInput.of(resource);
      assertThat(
              templates.renderStatus(
                  input,
                  Map.of("Deployment", Map.of("shop-deployment", deployment)),
                  ClusterReads.NONE))
          .isEqualTo(Map.of("availableReplicas", 2, "selector", "app=shop"));
      assertThat(templates.renderStatus(input, Map.of(), ClusterReads.NONE))
          .isEqualTo(Map.of("availableReplicas", 0, "selector", "app=shop"));
    }
  }

  @Test
  void reloadsAnEditAndKeepsTheLastGoodVersionOfABrokenOne(@TempDir Path dir) throws IOException {
    TemplateFolder.copyInto(dir);
    List<TemplatedKind> reloaded = new CopyOnWriteArrayList<>();
    List<OperatorException> errors = new CopyOnWriteArrayList<>();
    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      TemplatedKind watch = registry.watches().get(0);
      Map<String, Object> resource = webServer(Map.of("image", "nginx", "replicas", 2), true);
      registry.watchForChanges(reloaded::add, (w, e) -> errors.add(e));
      Path service = dir.resolve("webserver/service.yaml.j2");
      long first = Fixtures.revision(registry, watch, null).parseId();

      Files.writeString(service, Files.readString(service).replace("name: http", "name: web"));
      await().atMost(Duration.ofSeconds(20)).until(() -> !reloaded.isEmpty());
      assertThat(registry.render(watch, resource).get(1).body().toString()).contains("name=web");
      long edited = Fixtures.revision(registry, watch, null).parseId();
      assertThat(edited).as("a reload is a new revision").isNotEqualTo(first);

      Files.writeString(service, "{% if %}broken");
      await().atMost(Duration.ofSeconds(20)).until(() -> !errors.isEmpty());
      assertThat(errors.get(0)).hasMessageContaining("webserver/service.yaml.j2");
      assertThat(registry.render(watch, resource).get(1).body().toString()).contains("name=web");
      assertThat(Fixtures.revision(registry, watch, null).parseId())
          .as("the last good version stays, and so does its revision")
          .isEqualTo(edited);
    }
  }

  @Test
  void rendersFromAnEarlierRevisionWhileTheCurrentOneIsNewer(@TempDir Path dir) throws IOException {
    TemplateFolder.copyInto(dir);
    List<TemplatedKind> reloaded = new CopyOnWriteArrayList<>();
    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      TemplatedKind watch = registry.watches().get(0);
      Map<String, Object> resource = webServer(Map.of("image", "nginx", "replicas", 2), true);
      TemplateRevision before = registry.current(watch).orElseThrow();
      registry.watchForChanges(reloaded::add, (w, e) -> {});
      Path service = dir.resolve("webserver/service.yaml.j2");
      String original = Files.readString(service);

      Files.writeString(service, original.replace("name: http", "name: web"));
      await().atMost(Duration.ofSeconds(20)).until(() -> !reloaded.isEmpty());
      TemplateRevision after = registry.current(watch).orElseThrow();

      assertThat(after.hash()).isNotEqualTo(before.hash()).hasSize(TemplateRevision.HASH_LENGTH);
      assertThat(
              Fixtures.revision(registry, watch, before.hash())
                  .render(TemplateInput.of(resource))
                  .get(1)
                  .body()
                  .toString())
          .contains("name=http");
      assertThat(
              Fixtures.revision(registry, watch, after.hash())
                  .render(TemplateInput.of(resource))
                  .get(1)
                  .body()
                  .toString())
          .contains("name=web");
      assertThatThrownBy(
              () ->
                  Fixtures.revision(registry, watch, "0000000000")
                      .render(TemplateInput.of(resource)))
          .isInstanceOf(UnknownRevisionException.class)
          .hasMessageContaining("0000000000");

      Files.writeString(service, original);
      await().atMost(Duration.ofSeconds(20)).until(() -> reloaded.size() > 1);
      assertThat(registry.current(watch))
          .as("templates edited back are the earlier revision again")
          .contains(before);
    }
  }

  @Test
  void aStoredRevisionIsParsedWhenARenderFirstAsksForIt() {
    try (TemplateRegistry registry =
        TemplateRegistry.load(Project.file("templates/watches.yaml"))) {
      TemplatedKind watch = registry.watches().get(0);
      Map<String, String> files = new TreeMap<>(registry.current(watch).orElseThrow().sources());
      files.replaceAll(
          (path, text) ->
              path.endsWith("service.yaml.j2") ? text.replace("name: http", "name: stored") : text);
      TemplateRevision stored = TemplateRevision.of(files);

      registry.remember(watch, stored);

      assertThat(registry.knows(watch, stored.hash())).isTrue();
      Map<String, Object> resource = webServer(Map.of("image", "nginx", "replicas", 2), true);
      assertThat(
              Fixtures.revision(registry, watch, stored.hash())
                  .render(TemplateInput.of(resource))
                  .get(1)
                  .body()
                  .toString())
          .contains("name=stored");
    }
  }
}
