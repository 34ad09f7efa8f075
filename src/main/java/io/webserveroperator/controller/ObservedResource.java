package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.status.Condition;
import io.webserveroperator.status.Conditions;
import java.util.Map;

/**
 * A watched resource as step 1 of a reconcile read it from the cache, converted once.
 *
 * @param ref its key in the work queue
 * @param resource the resource as the cache holds it
 * @param object the same as plain maps
 * @param status its status as read, or null when it has none yet
 * @param inventory what it owned after the last reconcile, from its status
 * @param owner the resource as ownership checks see it
 */
record ObservedResource(
    ObjectRef ref,
    GenericKubernetesResource resource,
    Map<String, Object> object,
    Map<String, Object> status,
    Inventory inventory,
    Owner owner) {

  static ObservedResource of(
      ObjectRef ref, GenericKubernetesResource resource, Map<String, Object> object) {
    Map<String, Object> status = UntypedMaps.getMap(object, "status");
    return new ObservedResource(
        ref, resource, object, status, Inventory.fromStatus(status), Owner.of(object));
  }

  /** Its {@code metadata.generation}; 0 before the API server has set one. */
  long generation() {
    Long generation = resource.getMetadata().getGeneration();
    return generation == null ? 0 : generation;
  }

  /** Whether it is being deleted. */
  boolean deleting() {
    return resource.getMetadata().getDeletionTimestamp() != null;
  }

  /** The reason of the Ready condition as last written, or null. */
  String readyReason() {
    return Conditions.read(status).stream()
        .filter(condition -> condition.type().equals("Ready"))
        .map(Condition::reason)
        .findFirst()
        .orElse(null);
  }
}
