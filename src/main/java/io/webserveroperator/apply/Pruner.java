package io.webserveroperator.apply;

import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.Scoped;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.manifest.ObjectRef;

/**
 * Deletes objects that a resource no longer renders. It deletes only what carries the operator's
 * managed-by label, so that an inventory entry can never make it delete someone else's object.
 */
public final class Pruner {

  private final KubernetesClient client;
  private final KindResolver kinds;
  private final boolean dryRun;

  /** A pruner that deletes for real, or only asks the API server, as {@code options} say. */
  public Pruner(KubernetesClient client, KindResolver kinds, ApplyOptions options) {
    this.client = client;
    this.kinds = kinds;
    this.dryRun = options.dryRun();
  }

  /**
   * Deletes the object of a PRUNE entry, if it is still there and managed by this operator.
   *
   * @return whether a delete was sent
   * @throws ApplyException when the API server refuses the delete
   */
  public boolean prune(PlanEntry entry) {
    if (entry.action() != Action.PRUNE) {
      throw new IllegalArgumentException("Only PRUNE entries are pruned: " + entry);
    }
    if (entry.live() == null || !ManagedLabels.isManaged(entry.live())) {
      return false;
    }
    return delete(entry.ref());
  }

  /** Deletes one object by reference, in the background; a missing object is no error. */
  public boolean delete(ObjectRef ref) {
    return delete(ref, DeletionPropagation.BACKGROUND);
  }

  /**
   * Deletes one object by reference leaving what it made in place ({@code kubectl delete
   * --cascade=orphan}): the garbage collector removes the owner references to it from its
   * dependents, then the object goes. A missing object is no error.
   */
  public boolean deleteOrphaning(ObjectRef ref) {
    return delete(ref, DeletionPropagation.ORPHAN);
  }

  private boolean delete(ObjectRef ref, DeletionPropagation propagation) {
    var named =
        Scoped.in(client, kinds.resolve(ref.apiVersion(), ref.kind()), ref.namespace())
            .withName(ref.name());
    try {
      var deletable = dryRun ? named.dryRun() : named;
      return !deletable.withPropagationPolicy(propagation).delete().isEmpty();
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return false;
      }
      throw new ApplyException(ref, "delete", Applier.refusalOf(e), e);
    }
  }
}
