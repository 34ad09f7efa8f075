package io.webserveroperator.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.zjsonpatch.DiffFlags;
import io.fabric8.zjsonpatch.JsonDiff;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.kube.ObjectRefs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a resource's status through the status subresource, as the RFC 6902 patch from the old
 * status to the new one, and only when that patch is not empty.
 */
public final class StatusWriter {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final KubernetesClient client;

  public StatusWriter(KubernetesClient client) {
    this.client = client;
  }

  /** The patch that turns the old status into the new one; empty when they are equal. */
  public static JsonNode patch(Map<String, Object> oldStatus, Map<String, Object> newStatus) {
    // Diffing {"status": ...} documents yields paths under /status, which is what the API expects,
    // and an "add /status" when the resource has none yet.
    ObjectNode before = JSON.createObjectNode();
    if (oldStatus != null) {
      before.set("status", tree(oldStatus));
    }
    ObjectNode after = JSON.createObjectNode().set("status", tree(newStatus));
    return JsonDiff.asJson(
        before, after, EnumSet.of(DiffFlags.OMIT_MOVE_OPERATION, DiffFlags.OMIT_COPY_OPERATION));
  }

  /**
   * Through text and back, so that 1 read as an Integer and 1 built as a Long are the same node:
   * otherwise an unchanged status would differ by number width alone.
   */
  private static JsonNode tree(Object value) {
    try {
      return JSON.readTree(JSON.writeValueAsBytes(value));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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
    var operation = client.genericKubernetesResources(kind);
    String namespace = resource.getMetadata().getNamespace();
    // Naming the cached object, rather than its name, spares the GET the client would do first.
    var target =
        namespace == null
            ? operation.resource(resource)
            : operation.inNamespace(namespace).resource(resource);
    try {
      return Optional.of(
          target.subresource("status").patch(PatchContext.of(PatchType.JSON), patch.toString()));
    } catch (KubernetesClientException e) {
      throw new ApplyException(
          ObjectRefs.of(resource), "status patch", e.getCode(), e.getMessage(), e);
    }
  }
}
