package io.webserveroperator.apply;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.ObjectRef;
import java.util.Optional;

/**
 * Sends to the API server: applies, reads and annotation patches through the {@link Applier},
 * deletes through the {@link Pruner}.
 */
record ClusterWriter(Applier applier, Pruner pruner) implements ObjectWriter {

  @Override
  public GenericKubernetesResource apply(PlanEntry entry) {
    return applier.apply(entry);
  }

  @Override
  public Optional<GenericKubernetesResource> get(ObjectRef ref) {
    return applier.get(ref);
  }

  @Override
  public void removeAnnotation(ObjectRef ref, String key, String value) {
    applier.removeAnnotation(ref, key, value);
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
