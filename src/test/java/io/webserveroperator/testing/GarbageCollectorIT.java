package io.webserveroperator.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * With {@link KubeTestBed#withGarbageCollector()}, what a deleted WebServer controlled is deleted
 * too, and what it did not own stays.
 */
class GarbageCollectorIT {

  private static final Map<String, String> LABELS = Map.of("app", "web");

  private KubernetesClient client;
  private String namespace;
  private WebServers webServers;

  @BeforeEach
  void startGarbageCollector() {
    KubeTestBed bed = KubeTestBed.get().withCrds().withGarbageCollector();
    client = bed.client();
    namespace = bed.newNamespace("gc");
    webServers = new WebServers(client, namespace);
  }

  @Test
  void deletesWhatADeletedWebServerControlled() {
    GenericKubernetesResource web = webServers.create("web", spec());
    ConfigMap controlled = client.resource(controlledBy(web, "web-content")).create();

    deleteWebServer();

    Waits.until(
        "the controlled ConfigMap deleted",
        () -> client.resource(controlled).get(),
        Objects::isNull);
  }

  @Test
  void keepsWhatHasNoOwnerReferenceWhenTheWebServerIsDeleted() {
    GenericKubernetesResource web = webServers.create("web", spec());
    ConfigMap unowned = client.resource(configMap("web-notes")).create();
    // Gone once the garbage collector has handled the WebServer's deletion.
    ConfigMap witness = client.resource(controlledBy(web, "web-content")).create();

    deleteWebServer();

    Waits.until(
        "the controlled ConfigMap deleted", () -> client.resource(witness).get(), Objects::isNull);
    assertThat(client.resource(unowned).get()).as("the ConfigMap without an owner").isNotNull();
  }

  private void deleteWebServer() {
    webServers.named("web").withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
    Waits.until("the WebServer deleted", () -> webServers.named("web").get(), Objects::isNull);
  }

  private static Map<String, Object> spec() {
    return Map.of("image", "nginx", "replicas", 1);
  }

  private ConfigMap configMap(String name) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .withLabels(LABELS)
        .endMetadata()
        .addToData("index.html", "hello")
        .build();
  }

  private ConfigMap controlledBy(GenericKubernetesResource owner, String name) {
    return configMap(name)
        .edit()
        .editMetadata()
        .addNewOwnerReference()
        .withApiVersion(owner.getApiVersion())
        .withKind(owner.getKind())
        .withName(owner.getMetadata().getName())
        .withUid(owner.getMetadata().getUid())
        .withController(true)
        .withBlockOwnerDeletion(true)
        .endOwnerReference()
        .endMetadata()
        .build();
  }
}
