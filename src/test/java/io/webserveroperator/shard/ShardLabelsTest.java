package io.webserveroperator.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.zjsonpatch.JsonPatch;
import io.fabric8.zjsonpatch.JsonPatchException;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.shard.Assignment.Action;
import io.webserveroperator.shard.Assignment.Move;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The patches, applied as the API server applies them (zjsonpatch follows RFC 6902). */
class ShardLabelsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void assigningAnUnlabelledResourceAddsTheShardLabel() {
    GenericKubernetesResource resource = resource(Map.of(), Map.of());

    GenericKubernetesResource patched = apply(resource, leader(resource, Action.ASSIGN, "b"));

    assertThat(ShardLabels.owner(patched)).contains("b");
  }

  @Test
  void assigningKeepsOtherLabelsAndRemovesAPendingDrain() {
    GenericKubernetesResource resource =
        resource(Map.of("team", "web", ManagedLabels.SHARD, "a"), Map.of(ShardLabels.DRAIN, "b"));

    GenericKubernetesResource patched = apply(resource, leader(resource, Action.ASSIGN, "b"));

    assertThat(patched.getMetadata().getLabels())
        .containsEntry("team", "web")
        .containsEntry(ManagedLabels.SHARD, "b");
    assertThat(ShardLabels.drainRequested(patched)).isFalse();
  }

  @Test
  void theLeadersPatchAppliesOnlyToTheVersionItDecidedOn() {
    GenericKubernetesResource resource = resource(Map.of(ManagedLabels.SHARD, "a"), Map.of());
    List<Map<String, Object>> patch = leader(resource, Action.DRAIN, "b");
    resource.getMetadata().setResourceVersion("43");

    assertThatThrownBy(() -> apply(resource, patch)).isInstanceOf(JsonPatchException.class);
  }

  @Test
  void aDrainRequestNamesTheNewMemberAndLeavesTheLabel() {
    GenericKubernetesResource resource = resource(Map.of(ManagedLabels.SHARD, "a"), Map.of());

    GenericKubernetesResource patched = apply(resource, leader(resource, Action.DRAIN, "b"));

    assertThat(ShardLabels.owner(patched)).contains("a");
    assertThat(patched.getMetadata().getAnnotations()).containsEntry(ShardLabels.DRAIN, "b");
  }

  @Test
  void releasingRemovesTheLabelAndTheRequest() {
    GenericKubernetesResource resource =
        resource(Map.of(ManagedLabels.SHARD, "a"), Map.of(ShardLabels.DRAIN, "b"));

    GenericKubernetesResource patched = apply(resource, ShardLabels.release("a"));

    assertThat(ShardLabels.owner(patched)).isEmpty();
    assertThat(ShardLabels.drainRequested(patched)).isFalse();
  }

  @Test
  void aMemberCannotReleaseAResourceNoLongerLabelledWithIt() {
    GenericKubernetesResource resource =
        resource(Map.of(ManagedLabels.SHARD, "b"), Map.of(ShardLabels.DRAIN, "c"));

    assertThatThrownBy(() -> apply(resource, ShardLabels.release("a")))
        .isInstanceOf(JsonPatchException.class);
  }

  @Test
  void keepingWritesNothing() {
    GenericKubernetesResource resource = resource(Map.of(ManagedLabels.SHARD, "a"), Map.of());

    assertThat(ShardLabels.patch(resource, new Move(Action.KEEP, null))).isEmpty();
  }

  private static List<Map<String, Object>> leader(
      GenericKubernetesResource resource, Action action, String member) {
    return ShardLabels.patch(resource, new Move(action, member)).orElseThrow();
  }

  private static GenericKubernetesResource resource(
      Map<String, String> labels, Map<String, String> annotations) {
    return new GenericKubernetesResourceBuilder()
        .withApiVersion("webserver-operator.io/v1alpha1")
        .withKind("WebServer")
        .withNewMetadata()
        .withName("web")
        .withNamespace("default")
        .withResourceVersion("42")
        .withLabels(labels.isEmpty() ? null : new java.util.HashMap<>(labels))
        .withAnnotations(annotations.isEmpty() ? null : new java.util.HashMap<>(annotations))
        .endMetadata()
        .build();
  }

  private static GenericKubernetesResource apply(
      GenericKubernetesResource resource, List<Map<String, Object>> patch) {
    JsonNode patched = JsonPatch.apply(JSON.valueToTree(patch), JSON.valueToTree(resource));
    return JSON.convertValue(patched, GenericKubernetesResource.class);
  }
}
