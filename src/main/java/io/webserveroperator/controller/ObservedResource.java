package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.status.Condition;
import io.webserveroperator.status.Conditions;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A watched resource as step 1 of a reconcile read it from the cache.
 *
 * @param object the resource as the plain map templates see
 * @param status its status as read, or null when it has none yet
 * @param inventory what it owned after the last reconcile, from its status
 */
record ObservedResource(
    GenericKubernetesResource resource,
    Map<String, Object> object,
    Map<String, Object> status,
    List<ObjectRef> inventory) {

  static ObservedResource of(GenericKubernetesResource resource, Map<String, Object> object) {
    Map<String, Object> status = UntypedMaps.getMap(object, "status");
    return new ObservedResource(resource, object, status, Inventory.fromStatus(status));
  }

  /** Its {@code metadata.generation}; 0 before the API server has set one. */
  long generation() {
    Long generation = resource.getMetadata().getGeneration();
    return generation == null ? 0 : generation;
  }

  /** The inventory entries marked kept, as last written. */
  Set<ObjectRef> kept() {
    return Inventory.keptFromStatus(status);
  }

  Owner owner() {
    return Owner.of(object);
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
