package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactJsonTest {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  private static final String DEPLOYMENT =
      """
      {"apiVersion": "apps/v1", "kind": "Deployment",
       "metadata": {"name": "web", "namespace": "ns", "labels": {"b": "2", "a": "1"}},
       "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "web"}},
                "template": {"spec": {"containers": [{"name": "nginx", "image": "nginx:1.27",
                                                      "ports": [{"containerPort": 80}]}]}}},
       "status": {"replicas": 2, "conditions": [{"type": "Available", "status": "True"}]}}
      """;

  @Test
  void theCompactedObjectEqualsTheParsedOneAndSerialisesInTheSameOrder() {
    GenericKubernetesResource parsed = JSON.unmarshal(DEPLOYMENT, GenericKubernetesResource.class);
    GenericKubernetesResource compacted =
        JSON.unmarshal(DEPLOYMENT, GenericKubernetesResource.class);

    CompactJson.compact(compacted);

    assertThat(compacted.getAdditionalProperties()).isEqualTo(parsed.getAdditionalProperties());
    assertThat(compacted.getMetadata().getLabels()).isEqualTo(Map.of("a", "1", "b", "2"));
    assertThat(JSON.asJson(compacted)).isEqualTo(JSON.asJson(parsed));
    List<Object> containers = compacted.get("spec", "template", "spec", "containers");
    assertThat(containers)
        .containsExactly(
            Map.of(
                "name", "nginx",
                "image", "nginx:1.27",
                "ports", List.of(Map.of("containerPort", 80))));
  }

  @Test
  @SuppressWarnings("unchecked")
  void aReaderThatChangesACachedObjectFailsRatherThanCorruptingTheCache() {
    GenericKubernetesResource compacted =
        JSON.unmarshal(DEPLOYMENT, GenericKubernetesResource.class);
    CompactJson.compact(compacted);

    Map<String, Object> spec =
        (Map<String, Object>) compacted.getAdditionalProperties().get("spec");
    List<Object> conditions = compacted.get("status", "conditions");

    assertThatThrownBy(() -> spec.put("replicas", 3))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> conditions.add(Map.of()))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> compacted.getMetadata().getLabels().put("c", "3"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(spec).containsEntry("replicas", 2).doesNotContainKey("paused").hasSize(3);
  }

  @Test
  void anObjectTheClientReadIsCompactAlreadyAndKeepsItsMaps() {
    GenericKubernetesResource read =
        KubeClients.serialization().unmarshal(DEPLOYMENT, GenericKubernetesResource.class);
    Object spec = read.getAdditionalProperties().get("spec");
    Object conditions = read.get("status", "conditions");
    Map<String, String> labels = read.getMetadata().getLabels();

    CompactJson.compact(read);

    assertThat(read.getAdditionalProperties().get("spec")).isSameAs(spec);
    assertThat((Object) read.get("status", "conditions")).isSameAs(conditions);
    assertThat(read.getMetadata().getLabels()).isSameAs(labels);
  }
}
