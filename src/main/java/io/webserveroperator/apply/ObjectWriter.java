package io.webserveroperator.apply;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.OwnershipPatch;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The requests a plan needs of the cluster. {@link #of} makes them with {@link Applier} and {@link
 * Pruner}; unit tests of the reconcile workflow put a fake in their place.
 */
public interface ObjectWriter {

  /**
   * Server-side-applies the object of a CREATE, UPDATE or ADOPT entry, or raises the storage
   * request of an EXPAND_CLAIM entry's claim (a merge patch of that field alone). A CREATE is
   * create-only: it never merges into an object that exists already.
   *
   * @return the object as the API server stored it
   * @throws ApplyException when the API server refuses; for a CREATE, {@link
   *     ApplyException#existed()} says that the object exists already and nothing was written
   */
  GenericKubernetesResource apply(PlanEntry entry);

  /**
   * Reads one object from the API server, not a cache: for an object that a create-only apply
   * found, whose owner the caches cannot tell since it carries none of the operator's labels.
   *
   * @return the object, or empty when it does not exist
   * @throws ApplyException when the API server refuses the read
   */
  Optional<GenericKubernetesResource> get(ObjectRef ref);

  /**
   * Whether the API server would accept the entry's object as new, were it not there: a dry-run
   * create, validated and admitted before the name is found taken. Nothing is written.
   *
   * @throws ApplyException when the API server gives no verdict on the object (it cannot be
   *     reached, 5xx)
   */
  boolean acceptedAsNew(PlanEntry entry);

  /**
   * The PersistentVolumeClaims of a namespace that carry every one of {@code labels}, read from the
   * API server: those a StatefulSet made.
   *
   * @throws ApplyException when the API server refuses the list
   */
  List<Map<String, Object>> claims(String namespace, Map<String, String> labels);

  /**
   * Patches what an object's ownership needs and nothing else ({@link OwnershipPatch}), guarded by
   * the resourceVersion it was computed from.
   *
   * @return the object as the API server stored it
   * @throws ApplyException when the API server refuses the patch (409: the object changed since)
   */
  GenericKubernetesResource patchOwnership(ObjectRef ref, OwnershipPatch patch);

  /**
   * Sets a resource's finalizers, guarded by the resourceVersion they were read at: the clean-up
   * finalizer added before objects the garbage collector cannot remove are applied, removed once
   * they are deleted.
   *
   * @throws ApplyException when the API server refuses (409: the resource changed since; 404: gone)
   */
  void patchFinalizers(ObjectRef resource, String resourceVersion, List<String> finalizers);

  /**
   * Deletes the object of a PRUNE entry, if it is still there and managed by this operator.
   *
   * @return whether a delete was sent
   * @throws ApplyException when the API server refuses the delete
   */
  boolean prune(PlanEntry entry);

  /**
   * Deletes one object by reference, in the background; a missing object is no error.
   *
   * @return whether a delete was sent
   * @throws ApplyException when the API server refuses the delete
   */
  boolean delete(ObjectRef ref);

  /**
   * Deletes one object by reference orphaning what it made ({@code kubectl delete
   * --cascade=orphan}); a missing object is no error.
   *
   * @return whether a delete was sent
   * @throws ApplyException when the API server refuses the delete
   */
  boolean deleteOrphaning(ObjectRef ref);

  /** The writer that sends each request to the API server. */
  static ObjectWriter of(Applier applier, Pruner pruner) {
    return new ClusterWriter(applier, pruner);
  }
}
