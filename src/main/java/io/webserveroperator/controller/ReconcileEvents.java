package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.apply.Wait;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.StatefulSetClaims;
import io.webserveroperator.status.EventSink;
import io.webserveroperator.status.Reason;
import java.util.List;
import java.util.Optional;

/**
 * The events of a reconcile, each told once rather than at every reconcile that finds the same: one
 * Normal event naming every change ({@link ChangeEvent}), claim notices, a {@code PruneDeferred}
 * event per new deferral, a {@code Waiting} event per new wait, an {@code UnknownAnnotationValue}
 * warning per new value. What was told lives in the resource's {@link ResourceMemory}: a restarted
 * operator tells what still holds once more.
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

  /**
   * The change event, a {@link ClaimNotice} for each StatefulSet pruned, and what a deferral or a
   * wait adds to what the resource was told.
   */
  void tell(ObservedResource observed, ResourceMemory memory, Plan plan, ChangeSet changes) {
    ChangeEvent.of(changes.changes())
        .ifPresent(event -> events.normal(observed.resource(), event.reason(), event.message()));
    for (PlanEntry entry : plan.byAction(Action.PRUNE)) {
      if (changes.changes().contains(new Change(entry.ref(), Action.PRUNE, false))) {
        StatefulSetClaims.of(entry.live())
            .flatMap(statefulSet -> ClaimNotice.of(statefulSet, "was pruned"))
            .ifPresent(
                notice -> events.normal(observed.resource(), notice.reason(), notice.message()));
      }
    }
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

  /**
   * A {@link ClaimNotice} for each StatefulSet of a resource that is gone, on the resource as last
   * seen: its children go through their owner references, and its StatefulSets' claims as their
   * retention policy says.
   */
  void claimsOfDeleted(ObjectRef ref, ResourceMemory last) {
    if (last.statefulSets().isEmpty()) {
      return;
    }
    GenericKubernetesResource gone = new GenericKubernetesResource();
    gone.setApiVersion(ref.apiVersion());
    gone.setKind(ref.kind());
    gone.setMetadata(
        new ObjectMetaBuilder()
            .withName(ref.name())
            .withNamespace(ref.namespace())
            .withUid(last.uid())
            .build());
    claims(gone, last, "goes with " + ref + ", deleted");
  }

  /** A {@link ClaimNotice} for each StatefulSet with claims the resource had, saying why. */
  void claims(GenericKubernetesResource resource, ResourceMemory last, String why) {
    for (StatefulSetClaims statefulSet : last.statefulSets()) {
      ClaimNotice.of(statefulSet, why)
          .ifPresent(notice -> events.normal(resource, notice.reason(), notice.message()));
    }
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
