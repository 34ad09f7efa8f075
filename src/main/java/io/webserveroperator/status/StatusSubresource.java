package io.webserveroperator.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.diff.JsonPatches;
import io.webserveroperator.kube.ObjectRefs;
import io.webserveroperator.kube.Scoped;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a resource's status through the status subresource, as the RFC 6902 patch from the old
 * status to the new one, and only when that patch is not empty.
 */
public final class StatusWriter {

  private final KubernetesClient client;

  public StatusWriter(KubernetesClient client) {
    this.client = client;
  }

  /** The patch that turns the old status into the new one; empty when they are equal. */
  public static JsonNode patch(Map<String, Object> oldStatus, Map<String, Object> newStatus) {
    // Diffing {"status": ...} documents yields paths under /status, which is what the API expects,
    // and an "add /status" when the resource has none yet.
    return JsonPatches.between(
        oldStatus == null ? Map.of() : Map.of("status", oldStatus), Map.of("status", newStatus));
  }

  /**
   * Writes the new status if it differs from the old one.
   *
   * @return the resource as the API server stored it, or empty when nothing needed writing
   */
  public Optional<GenericKubernetesResource> write(
      ResourceDefinitionContext kind,
      GenericKubernetesResource resource,
      Map<String, Object> oldStatus,
      Map<String, Object> newStatus) {
    JsonNode patch = patch(oldStatus, newStatus);
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
