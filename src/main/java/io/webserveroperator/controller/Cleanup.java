package io.webserveroperator.controller;

import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.diff.Action;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.status.EventSink;
import io.webserveroperator.status.Reason;
import java.util.ArrayList;
import java.util.List;

/**
 * Deletion of resources whose objects the garbage collector cannot remove: objects in another
 * namespace, or cluster-scoped, carry no owner reference. For those the resource holds a finalizer
 * that this class adds before they are applied and removes once they are deleted, or at once when
 * the resource's reconciles are disabled. Every write goes through the {@link ObjectWriter}.
 */
final class Cleanup {

  /** Held by resources that own objects the garbage collector cannot remove for them. */
  static final String FINALIZER = "webserver-operator.io/cleanup";

  private final ObjectWriter writer;
  private final EventSink events;

  Cleanup(ObjectWriter writer, EventSink events) {
    this.writer = writer;
    this.events = events;
  }

  /**
   * Adds the finalizer before applying, if the desired objects need it and it is not there.
   *
   * @throws ApplyException when the API server refuses (the resource changed since it was read)
   */
  void guard(ObservedResource observed, List<RenderedObject> desired) {
    String namespace = observed.ref().namespace();
    boolean needed = desired.stream().anyMatch(object -> !collectable(object.ref(), namespace));
    if (needed && !hasFinalizer(observed)) {
      List<String> finalizers = new ArrayList<>(finalizers(observed));
      finalizers.add(FINALIZER);
      setFinalizers(observed, finalizers);
    }
  }

  /**
   * Deletes what the garbage collector cannot, except what its {@code resource-policy} keeps, then
   * lets the resource go. Works from the inventory alone, so a resource with broken templates can
   * still be deleted.
   */
  ReconcileResult run(ObservedResource observed) {
    if (!hasFinalizer(observed)) {
      return ReconcileResult.nothing();
    }
    List<Change> changes = new ArrayList<>();
    for (ObjectRef ref : toDelete(observed)) {
      try {
        if (writer.delete(ref)) {
          changes.add(new Change(ref, Action.PRUNE, false));
        }
      } catch (ApplyException e) {
        events.warning(observed.resource(), Reason.CLEANUP_FAILED, e.getMessage());
        return ReconcileResult.retry(changes, false, e.getMessage());
      }
    }
    release(observed);
    return ReconcileResult.done(changes, false);
  }

  /**
   * Lets a suspended resource go without deleting anything: its finalizer is removed, and what the
   * garbage collector cannot remove stays, named in an event. Its owner references still let the
   * garbage collector remove its children in its namespace, unless it is deleted with {@code
   * --cascade=orphan}.
   */
  ReconcileResult skip(ObservedResource observed) {
    if (!hasFinalizer(observed)) {
      return ReconcileResult.nothing();
    }
    List<String> left = toDelete(observed).stream().map(ObjectRef::toString).toList();
    if (!left.isEmpty()) {
      events.normal(
          observed.resource(),
          Reason.CLEANUP_SKIPPED,
          "Reconciles are disabled ("
              + ResourceAnnotations.RECONCILE
              + ": "
              + ResourceAnnotations.DISABLED
              + "), so the operator deleted nothing; left in place: "
              + String.join(", ", left)
              + ". Delete them by hand if they should go.");
    }
    release(observed);
    return ReconcileResult.nothing();
  }

  /**
   * What the clean-up deletes: the inventory's objects that the garbage collector cannot remove and
   * that are not kept.
   */
  private static List<ObjectRef> toDelete(ObservedResource observed) {
    String namespace = observed.ref().namespace();
    return observed.inventory().refs().stream()
        .filter(ref -> !collectable(ref, namespace) && !observed.inventory().isKept(ref))
        .toList();
  }

  /** Whether the garbage collector removes the object with its owner: same namespace only. */
  private static boolean collectable(ObjectRef ref, String ownerNamespace) {
    return ref.namespace() != null && ref.namespace().equals(ownerNamespace);
  }

  private static List<String> finalizers(ObservedResource observed) {
    List<String> finalizers = observed.resource().getMetadata().getFinalizers();
    return finalizers == null ? List.of() : finalizers;
  }

  private static boolean hasFinalizer(ObservedResource observed) {
    return finalizers(observed).contains(FINALIZER);
  }

  /** Removes the finalizer; a resource gone meanwhile is no error. */
  private void release(ObservedResource observed) {
    List<String> finalizers = new ArrayList<>(finalizers(observed));
    finalizers.remove(FINALIZER);
    try {
      setFinalizers(observed, finalizers);
    } catch (ApplyException e) {
      if (e.code() != 404) {
        throw e;
      }
    }
  }

  private void setFinalizers(ObservedResource observed, List<String> finalizers) {
    writer.patchFinalizers(
        observed.ref(), observed.resource().getMetadata().getResourceVersion(), finalizers);
  }
}
