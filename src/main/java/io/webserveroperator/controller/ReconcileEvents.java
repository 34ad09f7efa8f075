package io.webserveroperator.controller;

import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.apply.Wait;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.status.EventSink;
import io.webserveroperator.status.Reason;
import java.util.List;
import java.util.Optional;

/**
 * The events of a reconcile, each told once rather than at every reconcile that finds the same: one
 * Normal event naming every change ({@link ChangeEvent}), a {@code PruneDeferred} event per new
 * deferral, a {@code Waiting} event per new wait, an {@code UnknownAnnotationValue} warning per new
 * value. What was told lives in the resource's {@link ResourceMemory}: a restarted operator tells
 * what still holds once more.
 *
 * <p>Thread-safe; the work queue guarantees one reconcile per resource at a time.
 */
final class ReconcileEvents {

  private final EventSink events;
  private final ResourceMemories memories;

  ReconcileEvents(EventSink events, ResourceMemories memories) {
    this.events = events;
    this.memories = memories;
  }

  /** The change event, and what a deferral or a wait adds to what the resource was told. */
  void tell(ObservedResource observed, ResourceMemory memory, ChangeSet changes) {
    ChangeEvent.of(changes.changes())
        .ifPresent(event -> events.normal(observed.resource(), event.reason(), event.message()));
    List<ObjectRef> deferred = changes.deferred();
    if (!deferred.isEmpty() && !deferred.equals(memory.toldDeferral())) {
      events.normal(
          observed.resource(),
          Reason.PRUNE_DEFERRED,
          PruneDeferrals.message(deferred, changes.readiness().notReady()));
    }
    List<String> waits = changes.waits().stream().map(Wait::message).toList();
    waits.stream()
        .filter(wait -> !memory.waits().contains(wait))
        .forEach(wait -> events.normal(observed.resource(), Reason.WAITING, wait));
    memories.update(observed.ref(), m -> m.withToldDeferral(deferred).withWaits(waits));
  }

  /** A Warning event, once per value, when the {@code reconcile} annotation has an unknown one. */
  void warnOfUnknownReconcileValue(ObservedResource observed) {
    Optional<String> unknown = ResourceAnnotations.unknownReconcileValue(observed.resource());
    String warned = memories.of(observed.ref()).warnedValue();
    if (unknown.isPresent() && !unknown.get().equals(warned)) {
      events.warning(
          observed.resource(),
          Reason.UNKNOWN_ANNOTATION_VALUE,
          ResourceAnnotations.unknownValueMessage(unknown.get()));
    }
    memories.update(observed.ref(), memory -> memory.withWarnedValue(unknown.orElse(null)));
  }
}
