package io.webserveroperator.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.kube.ObjectPatches;
import io.webserveroperator.kube.ObjectRefs;
import java.util.Map;
import java.util.Optional;

/** Writes statuses to the API server: a JSON patch of the status subresource. */
final class StatusSubresource implements StatusWriter {

  private final ObjectPatches patches;

  StatusSubresource(KubernetesClient client) {
    this.patches = new ObjectPatches(client);
  }

  @Override
  public Optional<GenericKubernetesResource> write(
      ResourceDefinitionContext kind,
      GenericKubernetesResource resource,
      Map<String, Object> oldStatus,
      Map<String, Object> newStatus) {
    JsonNode patch = StatusWriter.patch(oldStatus, newStatus);
    if (patch.isEmpty()) {
      return Optional.empty();
    }
    String path =
        patches.objectPath(
            kind, resource.getMetadata().getNamespace(), resource.getMetadata().getName());
    try {
      return Optional.of(
          patches.patch(path + "/status", ObjectPatches.JSON_PATCH, patch.toString()));
    } catch (KubernetesClientException e) {
      throw new StatusWriteException(ObjectRefs.of(resource), e.getCode(), e.getMessage(), e);
    }
  }
}
