package io.webserveroperator.template;

import static io.webserveroperator.template.WebServerTemplatesTest.webServer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.webserveroperator.OperatorException;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.ConfigMapVolume;
import io.webserveroperator.testing.TemplatesConfigMap;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Templates read from a folder written as the kubelet writes deploy/'s ConfigMap volume: with the
 * {@code items} list deploy/ used to have, with the plain keys it mounts now, across a {@code
 * ..data} swap, and never as an empty set that would prune every child.
 */
class ConfigMapVolumeTemplatesTest {

  static final Map<String, Object> SHOP = webServer(Map.of("image", "nginx", "replicas", 2), true);

  @Test
  void readsTemplatesThroughTheLinksOfAVolumeWithItems(@TempDir Path dir) {
    // The items deploy/deployment.yaml had: each key back at its path under a linked folder.
    ConfigMapVolume.write(
        dir, ConfigMapVolume.items(TemplatesConfigMap.data(), TemplatesConfigMap.entries()));

    assertThat(renderedRefs(dir))
        .containsExactly("Deployment prod/shop-deployment", "Service prod/shop-service");
  }

  @Test
  void readsTheFlattenedKeysOfAVolumeWithoutItems(@TempDir Path dir) {
    ConfigMapVolume.write(dir, TemplatesConfigMap.data());

    assertThat(renderedRefs(dir))
        .containsExactly("Deployment prod/shop-deployment", "Service prod/shop-service");
  }

  @Test
  void followsAKubeletSwapThatAddsATemplate(@TempDir Path dir) {
    Map<String, String> data = TemplatesConfigMap.data();
    ConfigMapVolume volume = ConfigMapVolume.write(dir, data);
    List<TemplatedKind> reloaded = new CopyOnWriteArrayList<>();
    List<OperatorException> errors = new CopyOnWriteArrayList<>();
    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      registry.watchForChanges(reloaded::add, (watch, e) -> errors.add(e));

      Map<String, String> more = new TreeMap<>(data);
      more.put("webserver__zz-extra.yaml.j2", extraConfigMap());
      volume.update(more);

      await().atMost(Duration.ofSeconds(20)).until(() -> !reloaded.isEmpty());
      assertThat(errors).isEmpty();
      assertThat(registry.render(registry.watches().get(0), SHOP))
          .extracting(o -> o.ref().toString())
          .containsExactly(
              "Deployment prod/shop-deployment",
              "Service prod/shop-service",
              "ConfigMap prod/shop-extra");
    }
  }

  @Test
  void keepsTheLastGoodTemplatesWhenASwapRemovesThemAll(@TempDir Path dir) {
    Map<String, String> data = TemplatesConfigMap.data();
    ConfigMapVolume volume = ConfigMapVolume.write(dir, data);
    List<OperatorException> errors = new CopyOnWriteArrayList<>();
    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      registry.watchForChanges(watch -> {}, (watch, e) -> errors.add(e));

      volume.update(Map.of("watches.yaml", data.get("watches.yaml")));

      await().atMost(Duration.ofSeconds(20)).until(() -> !errors.isEmpty());
      assertThat(errors.get(0)).hasMessageContaining("hold no *.yaml.j2 file to render");
      assertThat(registry.render(registry.watches().get(0), SHOP)).hasSize(2);
    }
  }

  @Test
  void refusesAKindWhoseFolderHoldsNoTemplates(@TempDir Path dir) {
    ConfigMapVolume.write(dir, Map.of("watches.yaml", watches(""), "webserver__README", "notes"));

    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      TemplatedKind watch = registry.watches().get(0);
      assertThat(registry.loadFailure(watch))
          .hasValueSatisfying(
              e -> assertThat(e).hasMessageContaining("The templates of WebServer"));
      assertThatThrownBy(() -> registry.render(watch, SHOP))
          .isInstanceOf(TemplatesInvalidException.class)
          .hasMessageStartingWith("WebServer prod/shop: The templates of WebServer")
          .hasMessageContaining("allowEmpty: true");
    }
  }

  @Test
  void rendersNothingOnlyWhenWatchesYamlAllowsIt(@TempDir Path dir) {
    String nothing = "{% if false %}\napiVersion: v1\nkind: ConfigMap\n{% endif %}\n";
    ConfigMapVolume.write(
        dir, Map.of("watches.yaml", watches(""), "webserver__maybe.yaml.j2", nothing));
    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      assertThatThrownBy(() -> registry.render(registry.watches().get(0), SHOP))
          .isInstanceOf(RenderException.class)
          .hasMessageStartingWith(
              "WebServer prod/shop: webserver: the templates rendered no objects")
          .hasMessageContaining("allowEmpty: true");
    }

    Path allowed = dir.resolve("allowed");
    ConfigMapVolume.write(
        allowed,
        Map.of(
            "watches.yaml", watches("  allowEmpty: true\n"), "webserver__maybe.yaml.j2", nothing));
    try (TemplateRegistry registry = TemplateRegistry.load(allowed.resolve("watches.yaml"))) {
      assertThat(registry.render(registry.watches().get(0), SHOP)).isEmpty();
    }
  }

  @Test
  void refusesTwoFilesThatStandForOneTemplate(@TempDir Path dir) {
    Map<String, String> files = new TreeMap<>(TemplatesConfigMap.data());
    files.put("webserver/service.yaml.j2", files.get("webserver__service.yaml.j2"));
    ConfigMapVolume.write(dir, files);

    assertThatThrownBy(() -> TemplateRegistry.load(dir.resolve("watches.yaml")))
        .hasMessageContaining("stand for the template webserver/service.yaml.j2");
  }

  private static List<String> renderedRefs(Path dir) {
    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      return registry.render(registry.watches().get(0), SHOP).stream()
          .map(o -> o.ref().toString())
          .toList();
    }
  }

  private static String watches(String extra) {
    return "- group: webapp.example.com\n  version: v1\n  kind: WebServer\n"
        + "  templates: webserver\n"
        + extra;
  }

  private static String extraConfigMap() {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ metadata.name }}-extra\n"
        + "data:\n  image: {{ spec.image }}\n";
  }
}
