package io.webserveroperator.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.kube.ObjectRefs;
import io.webserveroperator.kube.Scoped;
import java.util.Map;
import java.util.Optional;

/** Writes statuses to the API server: a JSON patch of the status subresource. */
final class StatusSubresource implements StatusWriter {

  private final KubernetesClient client;

  StatusSubresource(KubernetesClient client) {
    this.client = client;
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
    // Naming the cached object, rather than its name, spares the GET the client would do first.
    var target = Scoped.in(client, kind, resource.getMetadata().getNamespace()).resource(resource);
    try {
      return Optional.of(
          target.subresource("status").patch(PatchContext.of(PatchType.JSON), patch.toString()));
    } catch (KubernetesClientException e) {
      throw new StatusWriteException(ObjectRefs.of(resource), e.getCode(), e.getMessage(), e);
    }
  }
}
