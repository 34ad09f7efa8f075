package io.webserveroperator.rollout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.template.watches.TemplatedKind;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Reading a stored revision's rollout state, which needs no request. */
class RevisionStoreTest {

  private final KubernetesClient offline =
      new KubernetesClientBuilder()
          .withConfig(new ConfigBuilder().withMasterUrl("https://127.0.0.1:1").build())
          .build();
  private final RevisionStore store =
      new RevisionStore(offline, "operator", OperatorName.defaults());

  @AfterEach
  void close() {
    offline.close();
  }

  @Test
  void aNamedOperatorsRevisionsCarryItsNameAndTheDefaultKeepsTheNamesFromBeforeNames() {
    TemplatedKind watch = TemplatedKind.of("webapp.example.com", "v1", "WebServer", "webserver");
    RevisionStore shop = new RevisionStore(offline, "operator", new OperatorName("shop"));

    assertThat(store.name(watch, "3f2a1b9c0d"))
        .isEqualTo("webserver.webapp.example.com-3f2a1b9c0d");
    assertThat(shop.name(watch, "3f2a1b9c0d"))
        .isEqualTo("shop.webserver.webapp.example.com-3f2a1b9c0d");
  }

  @Test
  void readsTheStateAStoredRevisionHolds() {
    RolloutState state =
        RolloutState.complete("a1", 1, Instant.parse("2026-12-01T00:00:00Z"))
            .next("b2", 2, Instant.parse("2026-12-01T00:00:00Z"));

    assertThat(store.state(withState(new KubernetesSerialization().asJson(state.toMap()))))
        .contains(state);
  }

  @Test
  void aRevisionWithoutAStateHasNone() {
    assertThat(store.state(new ConfigMapBuilder().withNewMetadata().endMetadata().build()))
        .isEmpty();
  }

  @Test
  void aStateThatIsNotJsonIsRefusedSayingSo() {
    assertThatThrownBy(() -> store.state(withState("{not json")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not JSON");
  }

  private static ConfigMap withState(String text) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withAnnotations(Map.of(RevisionStore.STATE_ANNOTATION, text))
        .endMetadata()
        .build();
  }
}
