package io.webserveroperator.apply;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.ObjectRef;

/**
 * The writes a plan needs of the cluster. {@link #of} makes them with {@link Applier} and {@link
 * Pruner}; unit tests of the reconcile workflow put a fake in their place.
 */
public interface ObjectWriter {

  /**
   * Server-side-applies the object of a CREATE or UPDATE entry.
   *
   * @return the object as the API server stored it
   * @throws ApplyException when the API server refuses; its code says whether a retry may help
   */
  GenericKubernetesResource apply(PlanEntry entry);

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

  /** The writer that sends each write to the API server. */
  static ObjectWriter of(Applier applier, Pruner pruner) {
    return new ClusterWriter(applier, pruner);
  }
}
