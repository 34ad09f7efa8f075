package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.kube.ObjectRefs;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.status.EventSink;
import io.webserveroperator.status.Reason;
import io.webserveroperator.status.StatusWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The watched resources as the cache holds them, in memory, with the status writes and events the
 * reconciler makes on them.
 */
final class FakeResources implements ReadCache, StatusWriter, EventSink {

  private final KubernetesSerialization json = new KubernetesSerialization();
  private final Map<ObjectRef, GenericKubernetesResource> stored = new LinkedHashMap<>();
  private final List<String> events = new ArrayList<>();
  private int statusWrites;
  private int version;
  private Map<String, Object> editDuringStatusWrite;

  /** Puts a resource into the cache, as a watch event of a user's write would; keeps its status. */
  ObjectRef put(Map<String, Object> resource) {
    GenericKubernetesResource object = json.convertValue(resource, GenericKubernetesResource.class);
    ObjectRef ref = ObjectRefs.of(object);
    Object status = stored.containsKey(ref) ? status(ref) : null;
    if (status != null) {
      object.setAdditionalProperty("status", status);
    }
    object.getMetadata().setResourceVersion(Integer.toString(++version));
    stored.put(ref, object);
    return ref;
  }

  /**
   * Sets an annotation on the cached resource without a new {@code resourceVersion}, as no API
   * server would: for proving that a decision reads the annotation itself rather than relying on
   * the version that any write moves.
   */
  void annotateKeepingVersion(ObjectRef ref, String key, String value) {
    GenericKubernetesResource object = stored.get(ref);
    Map<String, String> annotations = new LinkedHashMap<>();
    if (object.getMetadata().getAnnotations() != null) {
      annotations.putAll(object.getMetadata().getAnnotations());
    }
    annotations.put(key, value);
    object.getMetadata().setAnnotations(annotations);
  }

  /**
   * Makes the next status write land after a user's write of {@code resource} (a new spec and
   * generation): its answer holds that resource, as the API server's would.
   */
  void editDuringNextStatusWrite(Map<String, Object> resource) {
    editDuringStatusWrite = resource;
  }

  /** The resource's status as last written, or null. */
  @SuppressWarnings("unchecked")
  Map<String, Object> status(ObjectRef ref) {
    return (Map<String, Object>) stored.get(ref).getAdditionalProperties().get("status");
  }

  /** Every event so far, as {@code Type Reason: message}. */
  List<String> events() {
    return List.copyOf(events);
  }

  int statusWrites() {
    return statusWrites;
  }

  @Override
  public Optional<GenericKubernetesResource> get(ObjectRef ref) {
    return Optional.ofNullable(stored.get(ref)).map(json::clone);
  }

  @Override
  public void wrote(GenericKubernetesResource object) {
    stored.put(ObjectRefs.of(object), json.clone(object));
  }

  @Override
  public Optional<GenericKubernetesResource> write(
      ResourceDefinitionContext kind,
      GenericKubernetesResource resource,
      Map<String, Object> oldStatus,
      Map<String, Object> newStatus) {
    if (StatusWriter.patch(oldStatus, newStatus).isEmpty()) {
      return Optional.empty();
    }
    statusWrites++;
    GenericKubernetesResource written = json.clone(resource);
    if (editDuringStatusWrite != null) {
      written = json.convertValue(editDuringStatusWrite, GenericKubernetesResource.class);
      editDuringStatusWrite = null;
    }
    written.setAdditionalProperty("status", newStatus);
    written.getMetadata().setResourceVersion(Integer.toString(++version));
    return Optional.of(written);
  }

  @Override
  public void normal(GenericKubernetesResource resource, Reason reason, String message) {
    events.add("Normal " + reason + ": " + message);
  }

  @Override
  public void warning(GenericKubernetesResource resource, Reason reason, String message) {
    events.add("Warning " + reason + ": " + message);
  }
}
