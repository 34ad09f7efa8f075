package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.OperatorException;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.diff.Action;
import io.webserveroperator.kube.ObjectRefs;
import io.webserveroperator.kube.Scoped;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.status.EventSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Deletion of resources whose objects the garbage collector cannot remove: objects in another
 * namespace, or cluster-scoped, carry no owner reference. For those the resource holds a finalizer
 * that this class adds before they are applied and removes once they are deleted, or at once when
 * the resource's reconciles are disabled.
 */
final class Cleanup {

  /** Held by resources that own objects the garbage collector cannot remove for them. */
  static final String FINALIZER = "webserver-operator.io/cleanup";

  private final KubernetesClient client;
  private final ResourceDefinitionContext kind;
  private final ObjectWriter writer;
  private final EventSink events;

  Cleanup(
      KubernetesClient client,
      ResourceDefinitionContext kind,
      ObjectWriter writer,
      EventSink events) {
    this.client = client;
    this.kind = kind;
    this.writer = writer;
    this.events = events;
  }

  /** Adds the finalizer before applying, if the desired objects need it and it is not there. */
  void guard(GenericKubernetesResource resource, List<RenderedObject> desired) {
    String namespace = resource.getMetadata().getNamespace();
    boolean needed = desired.stream().anyMatch(object -> !collectable(object.ref(), namespace));
    if (needed && !hasFinalizer(resource)) {
      named(resource)
          .edit(
              r -> {
                r.getMetadata().getFinalizers().add(FINALIZER);
                return r;
              });
    }
  }

  /**
   * Deletes what the garbage collector cannot, except what its {@code resource-policy} keeps, then
   * lets the resource go. Works from the inventory alone, so a resource with broken templates can
   * still be deleted.
   */
  ReconcileResult run(
      GenericKubernetesResource resource, List<ObjectRef> inventory, Set<ObjectRef> kept) {
    if (!hasFinalizer(resource)) {
      return ReconcileResult.nothing();
    }
    List<Change> changes = new ArrayList<>();
    for (ObjectRef ref : toDelete(resource, inventory, kept)) {
      try {
        if (writer.delete(ref)) {
          changes.add(new Change(ref, Action.PRUNE, false));
        }
      } catch (ApplyException e) {
        events.warning(resource, "CleanupFailed", e.getMessage());
        return ReconcileResult.retry(changes, false, e.getMessage());
      }
    }
    removeFinalizer(resource);
    return ReconcileResult.done(changes, false);
  }

  /**
   * Lets a suspended resource go without deleting anything: its finalizer is removed, and what the
   * garbage collector cannot remove stays, named in an event. Its owner references still let the
   * garbage collector remove its children in its namespace, unless it is deleted with {@code
   * --cascade=orphan}.
   */
  ReconcileResult release(
      GenericKubernetesResource resource, List<ObjectRef> inventory, Set<ObjectRef> kept) {
    if (!hasFinalizer(resource)) {
      return ReconcileResult.nothing();
    }
    List<String> left =
        toDelete(resource, inventory, kept).stream().map(ObjectRef::toString).toList();
    if (!left.isEmpty()) {
      events.normal(
          resource,
          "CleanupSkipped",
          "Reconciles are disabled ("
              + ResourceAnnotations.RECONCILE
              + ": "
              + ResourceAnnotations.DISABLED
              + "), so the operator deleted nothing; left in place: "
              + String.join(", ", left)
              + ". Delete them by hand if they should go.");
    }
    removeFinalizer(resource);
    return ReconcileResult.nothing();
  }

  /**
   * What the clean-up deletes: the inventory's objects that the garbage collector cannot remove and
   * that are not kept.
   */
  private static List<ObjectRef> toDelete(
      GenericKubernetesResource resource, List<ObjectRef> inventory, Set<ObjectRef> kept) {
    String namespace = resource.getMetadata().getNamespace();
    return inventory.stream()
        .filter(ref -> !collectable(ref, namespace) && !kept.contains(ref))
        .toList();
  }

  /** Whether the garbage collector removes the object with its owner: same namespace only. */
  private static boolean collectable(ObjectRef ref, String ownerNamespace) {
    return ref.namespace() != null && ref.namespace().equals(ownerNamespace);
  }

  private static boolean hasFinalizer(GenericKubernetesResource resource) {
    return resource.getMetadata().getFinalizers().contains(FINALIZER);
  }

  private void removeFinalizer(GenericKubernetesResource resource) {
    try {
      named(resource)
          .edit(
              r -> {
                r.getMetadata().getFinalizers().remove(FINALIZER);
                return r;
              });
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw new OperatorException(
            ObjectRefs.of(resource) + ": cannot remove finalizer: " + e.getMessage(), e);
      }
    }
  }

  private Resource<GenericKubernetesResource> named(GenericKubernetesResource resource) {
    return Scoped.in(client, kind, resource.getMetadata().getNamespace())
        .withName(resource.getMetadata().getName());
  }
}
