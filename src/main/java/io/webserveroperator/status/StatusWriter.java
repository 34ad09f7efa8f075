package io.webserveroperator.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.diff.JsonPatches;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a resource's status, as the RFC 6902 patch from the old status to the new one, and only
 * when that patch is not empty. {@link #of} writes through the status subresource; unit tests of
 * the reconcile workflow put a fake in its place.
 */
public interface StatusWriter {

  /**
   * Writes the new status if it differs from the old one.
   *
   * @return the resource as the API server stored it, or empty when nothing needed writing
   * @throws StatusWriteException when the API server refuses
   */
  Optional<GenericKubernetesResource> write(
      ResourceDefinitionContext kind,
      GenericKubernetesResource resource,
      Map<String, Object> oldStatus,
      Map<String, Object> newStatus);

  /** The patch that turns the old status into the new one; empty when they are equal. */
  static JsonNode patch(Map<String, Object> oldStatus, Map<String, Object> newStatus) {
    // Diffing {"status": ...} documents yields paths under /status, which is what the API expects,
    // and an "add /status" when the resource has none yet.
    return JsonPatches.between(
        oldStatus == null ? Map.of() : Map.of("status", oldStatus), Map.of("status", newStatus));
  }

  /** The writer that patches the status subresource through {@code client}. */
  static StatusWriter of(KubernetesClient client) {
    return new StatusSubresource(client);
  }
}
