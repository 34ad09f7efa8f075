package io.webserveroperator.controller;

import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.StatefulSetClaims;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the operator remembers of one resource between its reconciles, in one value with one place
 * that forgets it ({@link ResourceMemories}). All of it is a saving or a courtesy, never the truth:
 * a restarted operator starts with none and does one full reconcile per resource more.
 *
 * @param renderHash the hash of the bodies last rendered and applied: an UPDATE of the same render
 *     puts back what someone else changed ({@code DriftCorrected}); null before the first
 * @param settled what the last successful reconcile left, so that one that finds the same ends at
 *     once; empty when unknown
 * @param conflicted whether the last reconcile found someone else's object: look before creating
 * @param warnedValue the unknown {@code reconcile} annotation value last warned about, or null
 * @param toldDeferral the prunes whose wait was last told in a {@code PruneDeferred} event
 * @param waits what its objects waited for after its last reconcile, each told once in a {@code
 *     Waiting} event; empty when nothing waits
 * @param uid the resource's uid when last reconciled, or null
 * @param statefulSets the StatefulSets with claim templates among its children when last
 *     reconciled, to name their claims in an event when the resource is deleted
 */
record ResourceMemory(
    Integer renderHash,
    Optional<SettledInputs> settled,
    boolean conflicted,
    String warnedValue,
    List<ObjectRef> toldDeferral,
    List<String> waits,
    String uid,
    List<StatefulSetClaims> statefulSets) {

  /** Nothing remembered: a resource not reconciled since the operator started. */
  static final ResourceMemory NONE =
      new ResourceMemory(
          null, Optional.empty(), false, null, List.of(), List.of(), null, List.of());

  ResourceMemory {
    Objects.requireNonNull(settled, "settled");
    toldDeferral = List.copyOf(toldDeferral);
    waits = List.copyOf(waits);
    statefulSets = List.copyOf(statefulSets);
  }

  ResourceMemory withRenderHash(int hash) {
    return new ResourceMemory(
        hash, settled, conflicted, warnedValue, toldDeferral, waits, uid, statefulSets);
  }

  ResourceMemory withSettled(Optional<SettledInputs> inputs) {
    return new ResourceMemory(
        renderHash, inputs, conflicted, warnedValue, toldDeferral, waits, uid, statefulSets);
  }

  ResourceMemory withConflicted(boolean found) {
    return new ResourceMemory(
        renderHash, settled, found, warnedValue, toldDeferral, waits, uid, statefulSets);
  }

  ResourceMemory withWarnedValue(String value) {
    return new ResourceMemory(
        renderHash, settled, conflicted, value, toldDeferral, waits, uid, statefulSets);
  }

  ResourceMemory withToldDeferral(List<ObjectRef> deferred) {
    return new ResourceMemory(
        renderHash, settled, conflicted, warnedValue, deferred, waits, uid, statefulSets);
  }

  ResourceMemory withWaits(List<String> waiting) {
    return new ResourceMemory(
        renderHash, settled, conflicted, warnedValue, toldDeferral, waiting, uid, statefulSets);
  }

  /** The StatefulSets with claims among the children of the resource of that uid. */
  ResourceMemory withStatefulSets(String resourceUid, List<StatefulSetClaims> sets) {
    return new ResourceMemory(
        renderHash, settled, conflicted, warnedValue, toldDeferral, waits, resourceUid, sets);
  }
}
