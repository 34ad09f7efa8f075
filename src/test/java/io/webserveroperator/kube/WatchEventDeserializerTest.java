package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.WatchEvent;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.Test;

class WatchEventDeserializerTest {

  private static final KubernetesSerialization OPERATOR = KubeClients.serialization();

  private static final String OBJECT =
      """
      {"apiVersion": "example.com/v1", "kind": "WebServer",
       "metadata": {"name": "web", "namespace": "ns", "resourceVersion": "12"},
       "spec": {"replicas": 2}}""";

  private static final String GONE =
      """
      {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
       "message": "too old resource version: 1 (12)", "reason": "Expired", "code": 410}""";

  @Test
  void anEventsObjectIsReadIntoTheCompactForm() {
    WatchEvent event =
        OPERATOR.unmarshal(
            "{\"type\": \"MODIFIED\", \"object\": " + OBJECT + "}", WatchEvent.class);

    assertThat(event.getType()).isEqualTo("MODIFIED");
    GenericKubernetesResource object = (GenericKubernetesResource) event.getObject();
    assertThat(object.getMetadata().getResourceVersion()).isEqualTo("12");
    assertThat((Object) object.get("spec")).isInstanceOf(CompactJson.CompactMap.class);
    assertThat((Object) object.get("spec", "replicas")).isEqualTo(2);
  }

  @Test
  void anErrorEventsObjectIsAStatusSoThatAnExpiredWatchListsAgain() {
    WatchEvent event =
        OPERATOR.unmarshal("{\"type\": \"ERROR\", \"object\": " + GONE + "}", WatchEvent.class);

    assertThat(event.getObject()).isInstanceOf(Status.class);
    assertThat(((Status) event.getObject()).getCode()).isEqualTo(410);
    assertThat(((Status) event.getObject()).getReason()).isEqualTo("Expired");
  }

  @Test
  void anObjectWrittenBeforeItsTypeIsReadByItsType() {
    WatchEvent error =
        OPERATOR.unmarshal("{\"object\": " + GONE + ", \"type\": \"ERROR\"}", WatchEvent.class);
    WatchEvent added =
        OPERATOR.unmarshal("{\"object\": " + OBJECT + ", \"type\": \"ADDED\"}", WatchEvent.class);

    assertThat(((Status) error.getObject()).getCode()).isEqualTo(410);
    assertThat(((GenericKubernetesResource) added.getObject()).getKind()).isEqualTo("WebServer");
  }
}
