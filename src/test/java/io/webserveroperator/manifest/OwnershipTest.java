package io.webserveroperator.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OwnershipTest {

  @Test
  void aChildCarriesTheShardLabelOfItsResource() {
    Map<String, Object> child = child();

    Ownership.stamp(child, owner(Map.of(ManagedLabels.SHARD, "east", "team", "web")), true);

    assertThat(labels(child))
        .containsEntry(ManagedLabels.SHARD, "east")
        .containsEntry(ManagedLabels.MANAGED_BY, ManagedLabels.MANAGER)
        .doesNotContainKey("team");
  }

  @Test
  void aChildOfAnUnshardedResourceHasNoShardLabel() {
    Map<String, Object> child = child();

    Ownership.stamp(child, owner(Map.of()), true);

    assertThat(labels(child)).doesNotContainKey(ManagedLabels.SHARD);
  }

  private static Map<String, Object> child() {
    Map<String, Object> meta = new LinkedHashMap<>(Map.of("name", "web-deployment"));
    return new LinkedHashMap<>(
        Map.of("apiVersion", "apps/v1", "kind", "Deployment", "metadata", meta));
  }

  private static Map<String, Object> owner(Map<String, String> labels) {
    Map<String, Object> meta =
        new LinkedHashMap<>(
            Map.of("name", "web", "namespace", "default", "uid", "u-1", "labels", labels));
    return Map.of(
        "apiVersion", "webserver-operator.io/v1alpha1", "kind", "WebServer", "metadata", meta);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> labels(Map<String, Object> object) {
    return (Map<String, Object>) ((Map<String, Object>) object.get("metadata")).get("labels");
  }
}
