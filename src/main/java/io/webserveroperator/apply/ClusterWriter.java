package io.webserveroperator.apply;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.OwnershipPatch;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sends to the API server: applies, reads and ownership patches through the {@link Applier},
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
  public boolean acceptedAsNew(PlanEntry entry) {
    return applier.acceptedAsNew(entry);
  }

  @Override
  public List<Map<String, Object>> claims(String namespace, Map<String, String> labels) {
    return applier.claims(namespace, labels);
  }

  @Override
  public GenericKubernetesResource patchOwnership(ObjectRef ref, OwnershipPatch patch) {
    return applier.patchOwnership(ref, patch);
  }

  @Override
  public void patchFinalizers(ObjectRef resource, String resourceVersion, List<String> finalizers) {
    applier.patchFinalizers(resource, resourceVersion, finalizers);
  }

  @Override
  public boolean prune(PlanEntry entry) {
    return pruner.prune(entry);
  }

  @Override
  public boolean delete(ObjectRef ref) {
    return pruner.delete(ref);
  }

  @Override
  public boolean deleteOrphaning(ObjectRef ref) {
    return pruner.deleteOrphaning(ref);
  }
}
