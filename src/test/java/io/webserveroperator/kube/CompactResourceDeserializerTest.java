package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactResourceDeserializerTest {

  /** fabric8's own reading, into LinkedHashMaps. */
  private static final KubernetesSerialization FABRIC8 = new KubernetesSerialization();

  /** The operator's client's. */
  private static final KubernetesSerialization OPERATOR = KubeClients.serialization();

  private static final String DEPLOYMENT =
      """
      {"apiVersion": "apps/v1", "kind": "Deployment",
       "metadata": {"name": "web", "namespace": "ns", "labels": {"b": "2", "a": "1"},
                    "ownerReferences": [{"apiVersion": "example.com/v1", "kind": "WebServer",
                                         "name": "web", "uid": "u-1", "controller": true}]},
       "spec": {"replicas": 2, "paused": false, "progressDeadlineSeconds": 4294967296,
                "minReadySeconds": null, "ratio": 0.5, "empty": {}, "none": [],
                "selector": {"matchLabels": {"app": "web"}},
                "template": {"spec": {"containers": [{"name": "nginx", "image": "nginx:1.27",
                                                      "ports": [{"containerPort": 80}]}]}}},
       "status": {"replicas": 2, "conditions": [{"type": "Available", "status": "True"}]}}
      """;

  @Test
  void readsWhatFabric8ReadsValueForValueAndWritesItBackInTheSameOrder() {
    GenericKubernetesResource fabric8 =
        FABRIC8.unmarshal(DEPLOYMENT, GenericKubernetesResource.class);
    GenericKubernetesResource compact = readByOperator();

    // Map equality compares the numbers' types too: 2 read as a Long would differ.
    assertThat(compact.getAdditionalProperties()).isEqualTo(fabric8.getAdditionalProperties());
    assertThat(compact.getMetadata()).isEqualTo(fabric8.getMetadata());
    assertThat(compact.getApiVersion()).isEqualTo("apps/v1");
    assertThat(compact.getKind()).isEqualTo("Deployment");
    assertThat(OPERATOR.asJson(compact)).isEqualTo(FABRIC8.asJson(fabric8));
    assertThat((Object) compact.get("spec", "progressDeadlineSeconds")).isEqualTo(4294967296L);
  }

  @Test
  void whatItReadsIsReadOnlyAndCompact() {
    GenericKubernetesResource compact = readByOperator();

    Map<String, Object> spec = compact.get("spec");
    List<Object> containers = compact.get("spec", "template", "spec", "containers");
    assertThat(spec).isInstanceOf(CompactJson.CompactMap.class);
    assertThatThrownBy(() -> spec.put("replicas", 3))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> containers.add(Map.of()))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> compact.getMetadata().getLabels().put("c", "3"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void twoObjectsShareTheirRepeatedStrings() {
    GenericKubernetesResource first = readByOperator();
    GenericKubernetesResource second = readByOperator();

    String image = first.get("spec", "template", "spec", "containers", 0, "image");
    assertThat(image).isSameAs(second.get("spec", "template", "spec", "containers", 0, "image"));
    assertThat(first.getMetadata().getLabels().get("a"))
        .isSameAs(second.getMetadata().getLabels().get("a"));
    assertThat(first.getMetadata().getNamespace()).isSameAs(second.getMetadata().getNamespace());
    assertThat(first.getMetadata().getOwnerReferences().get(0).getUid())
        .isSameAs(second.getMetadata().getOwnerReferences().get(0).getUid());
  }

  @Test
  void theItemsOfAListAreReadAlike() {
    GenericKubernetesResourceList list =
        OPERATOR.unmarshal(
            "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"metadata\": {\"resourceVersion\": \"7\"},"
                + " \"items\": ["
                + DEPLOYMENT
                + "]}",
            GenericKubernetesResourceList.class);

    assertThat(list.getItems()).hasSize(1);
    assertThat((Object) list.getItems().get(0).get("spec"))
        .isInstanceOf(CompactJson.CompactMap.class);
    assertThat(list.getMetadata().getResourceVersion()).isEqualTo("7");
  }

  @Test
  void anObjectConvertedFromAMapIsReadAlike() {
    Map<String, Object> desired =
        FABRIC8.unmarshal(DEPLOYMENT, GenericKubernetesResource.class).getAdditionalProperties();

    GenericKubernetesResource converted =
        OPERATOR.convertValue(
            Map.of("apiVersion", "apps/v1", "kind", "Deployment", "spec", desired.get("spec")),
            GenericKubernetesResource.class);

    assertThat((Object) converted.get("spec")).isEqualTo(desired.get("spec"));
    assertThat((Object) converted.get("spec")).isInstanceOf(CompactJson.CompactMap.class);
  }

  /** The Deployment, as the operator's client reads it. */
  private static GenericKubernetesResource readByOperator() {
    return OPERATOR.unmarshal(DEPLOYMENT, GenericKubernetesResource.class);
  }
}
