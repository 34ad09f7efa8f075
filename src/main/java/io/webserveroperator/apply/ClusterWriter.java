package io.webserveroperator.apply;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.ObjectRef;

/**
 * Writes to the API server: applies through the {@link Applier}, deletes through the {@link
 * Pruner}.
 */
record ClusterWriter(Applier applier, Pruner pruner) implements ObjectWriter {

  @Override
  public GenericKubernetesResource apply(PlanEntry entry) {
    return applier.apply(entry);
  }

  @Override
  public boolean prune(PlanEntry entry) {
    return pruner.prune(entry);
  }

  @Override
  public boolean delete(ObjectRef ref) {
    return pruner.delete(ref);
  }
}
