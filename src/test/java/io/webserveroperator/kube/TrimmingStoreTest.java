package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrimmingStoreTest {

  @Test
  void theOperatorsCachesKeepTheContentButNotTheManagedFields() {
    TrimmingStore store = new TrimmingStore(false);

    store.put("ns/web", webServer());

    GenericKubernetesResource cached = store.get("ns/web");
    assertThat(cached.getMetadata().getManagedFields()).isNullOrEmpty();
    assertThat(cached.getAdditionalProperties()).containsKeys("spec", "status");
  }

  @Test
  void theShardAssignersCacheKeepsTheMetadataAlone() {
    TrimmingStore store = new TrimmingStore(true);

    store.put("ns/web", webServer());

    GenericKubernetesResource cached = store.get("ns/web");
    assertThat(cached.getAdditionalProperties()).isEmpty();
    assertThat(cached.getMetadata().getManagedFields()).isNullOrEmpty();
    assertThat(cached.getMetadata().getUid()).isEqualTo("uid-1");
    assertThat(cached.getMetadata().getLabels()).containsEntry("webserver-operator.io/shard", "a");
    assertThat(cached.getKind()).isEqualTo("WebServer");
  }

  private static GenericKubernetesResource webServer() {
    GenericKubernetesResource resource =
        new GenericKubernetesResourceBuilder()
            .withApiVersion("webapp.example.com/v1")
            .withKind("WebServer")
            .withNewMetadata()
            .withName("web")
            .withNamespace("ns")
            .withUid("uid-1")
            .withLabels(Map.of("webserver-operator.io/shard", "a"))
            .withManagedFields(List.of(new ManagedFieldsEntry()))
            .endMetadata()
            .build();
    resource.setAdditionalProperty("spec", Map.of("replicas", 2));
    resource.setAdditionalProperty("status", Map.of("observedGeneration", 1));
    return resource;
  }
}
