package io.webserveroperator.shard;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.kube.Scoped;
import java.util.List;
import java.util.Map;

/** Sends the JSON patches of {@link ShardLabels}; a failed test is an answer, not an error. */
final class ShardPatcher {

  private final KubernetesClient client;

  ShardPatcher(KubernetesClient client) {
    this.client = client;
  }

  /**
   * Whether the patch applied: false when its test failed or the resource is gone, which means
   * someone changed it since it was read; other failures are thrown.
   */
  boolean patch(
      ResourceDefinitionContext kind,
      GenericKubernetesResource resource,
      List<Map<String, Object>> operations) {
    String json = client.getKubernetesSerialization().asJson(operations);
    try {
      // Naming the cached object, rather than its name, spares the GET the client would do first.
      Scoped.in(client, kind, resource.getMetadata().getNamespace())
          .resource(resource)
          .patch(PatchContext.of(PatchType.JSON), json);
      return true;
    } catch (KubernetesClientException e) {
      // 422: a test operation failed; 409: a conflict; 404: deleted meanwhile.
      if (e.getCode() == 422 || e.getCode() == 409 || e.getCode() == 404) {
        return false;
      }
      throw e;
    }
  }
}
