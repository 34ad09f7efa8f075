package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.FieldsV1;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrimmingStoreTest {

  @Test
  void aChildKeepsOnlyOtherManagersFieldsOnItsSpec() {
    TrimmingStore store = new TrimmingStore(TrimmingStore.Trim.CHILD);
    GenericKubernetesResource deployment = webServer();
    deployment
        .getMetadata()
        .setManagedFields(
            List.of(
                entry("webserver-operator", null),
                entry("kube-controller-manager", "status"),
                entry("kube-controller-manager", "scale")));

    store.put("ns/web", deployment);

    assertThat(store.get("ns/web").getMetadata().getManagedFields())
        .singleElement()
        .satisfies(
            kept -> {
              assertThat(kept.getManager()).isEqualTo("kube-controller-manager");
              assertThat(kept.getFieldsV1().getAdditionalProperties()).containsKey("f:spec");
              assertThat(kept.getTime()).as("what it does not need").isNull();
            });
  }

  private static ManagedFieldsEntry entry(String manager, String subresource) {
    ManagedFieldsEntry entry = new ManagedFieldsEntry();
    entry.setManager(manager);
    entry.setSubresource(subresource);
    entry.setTime("2026-12-01T10:00:00Z");
    FieldsV1 fields = new FieldsV1();
    fields.setAdditionalProperty("f:spec", Map.of("f:replicas", Map.of()));
    entry.setFieldsV1(fields);
    return entry;
  }

  @Test
  void theOperatorsResourceCacheKeepsTheContentButNotTheManagedFields() {
    TrimmingStore store = new TrimmingStore(TrimmingStore.Trim.RESOURCE);

    store.put("ns/web", webServer());

    GenericKubernetesResource cached = store.get("ns/web");
    assertThat(cached.getMetadata().getManagedFields()).isNullOrEmpty();
    assertThat(cached.getAdditionalProperties()).containsKeys("spec", "status");
  }

  @Test
  void theShardAssignersCacheKeepsTheMetadataAlone() {
    TrimmingStore store = new TrimmingStore(TrimmingStore.Trim.METADATA);

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
