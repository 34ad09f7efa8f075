package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.UntypedMaps;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a successful reconcile of one resource left behind: the resource's version after its status
 * write, the revision of the templates it rendered with, and the version of every child it applied
 * or planned against. A reconcile that finds the same has nothing to do: rendering and planning
 * again would give the same objects, the same empty plan and the same status. The watch events of a
 * reconcile's own writes (its children created, its status written) bring its resource back once
 * more; this lets that second reconcile end without rendering, which halves the operator's work
 * while many resources converge (bench scale counts 2 reconciles per new WebServer).
 *
 * <p>The versions come from the reconcile's own writes and reads, never from a later read of the
 * caches: a change that lands in between gives a different version, so it is reconciled. A change
 * that lands before the status write is in that write's answer, and so in its version: the
 * reconciler then remembers nothing (the answer's generation, labels or annotations differ from
 * those it rendered).
 *
 * @param resourceVersion the resource's {@code metadata.resourceVersion} after the reconcile
 * @param templates {@code TemplateRegistry.revision} of the kind when it rendered
 * @param children each rendered child's {@code metadata.resourceVersion}
 */
record SettledInputs(String resourceVersion, long templates, Map<ObjectRef, String> children) {

  SettledInputs {
    Objects.requireNonNull(resourceVersion, "resourceVersion");
    children = Map.copyOf(children);
  }

  /**
   * The inputs a successful reconcile left, or empty when a version is unknown (then nothing can be
   * compared, and the next reconcile runs in full).
   *
   * @param children every rendered child as the reconcile left it (the API server's answer to its
   *     apply, or the cached copy when it was unchanged)
   */
  static Optional<SettledInputs> after(
      String resourceVersion, long templates, Map<ObjectRef, Map<String, Object>> children) {
    Map<ObjectRef, String> versions = new LinkedHashMap<>();
    children.forEach((ref, child) -> versions.put(ref, version(child)));
    if (resourceVersion == null || versions.containsValue(null)) {
      return Optional.empty();
    }
    return Optional.of(new SettledInputs(resourceVersion, templates, versions));
  }

  /** Whether {@code resource}, the templates and every child in {@code cache} are as left. */
  boolean unchanged(GenericKubernetesResource resource, long templatesNow, ReadCache cache) {
    if (!resourceVersion.equals(resource.getMetadata().getResourceVersion())
        || templates != templatesNow) {
      return false;
    }
    for (Map.Entry<ObjectRef, String> child : children.entrySet()) {
      String now =
          cache.get(child.getKey()).map(c -> c.getMetadata().getResourceVersion()).orElse(null);
      if (!child.getValue().equals(now)) {
        return false;
      }
    }
    return true;
  }

  private static String version(Map<String, Object> child) {
    return UntypedMaps.get(child, "metadata", "resourceVersion") instanceof String version
        ? version
        : null;
  }
}
