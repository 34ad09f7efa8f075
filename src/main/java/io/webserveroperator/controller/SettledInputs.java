package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.template.Lookup;
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
 * <p>What the render read of the cluster counts too: the versions of what each lookup found, and,
 * when a template read {@code children}, the versions of the children it read then (before the
 * reconcile's own writes, so that a child it created is read by the reconcile after).
 *
 * @param resourceVersion the resource's {@code metadata.resourceVersion} after the reconcile
 * @param templates {@code TemplateRegistry.revision} of the kind when it rendered
 * @param children each rendered child's {@code metadata.resourceVersion}
 * @param lookups what each lookup of the render found, by versions
 * @param childrenRead the children a template read, by version; empty when none read them
 */
record SettledInputs(
    String resourceVersion,
    long templates,
    Map<ObjectRef, String> children,
    Map<Lookup, String> lookups,
    Optional<Map<ObjectRef, String>> childrenRead) {

  SettledInputs {
    Objects.requireNonNull(resourceVersion, "resourceVersion");
    children = Map.copyOf(children);
    lookups = Map.copyOf(lookups);
    childrenRead = childrenRead.map(Map::copyOf);
  }

  /** What the render read of the cluster now, to compare with what it read then. */
  interface ReadsNow {

    /** What the lookup finds now, by versions; empty when its cache cannot tell. */
    Optional<String> lookup(Lookup lookup);

    /** The resource's children as the caches hold them now, by version. */
    Map<ObjectRef, String> children();
  }

  /**
   * The inputs a successful reconcile left, or empty when a version is unknown (then nothing can be
   * compared, and the next reconcile runs in full).
   *
   * @param children every rendered child as the reconcile left it (the API server's answer to its
   *     apply, or the cached copy when it was unchanged)
   * @param reads what its renders read of the cluster
   */
  static Optional<SettledInputs> after(
      String resourceVersion,
      long templates,
      Map<ObjectRef, Map<String, Object>> children,
      ReconcileReads reads) {
    Map<ObjectRef, String> versions = new LinkedHashMap<>();
    children.forEach((ref, child) -> versions.put(ref, version(child)));
    Optional<Map<ObjectRef, String>> read = reads.childrenSeen();
    if (resourceVersion == null
        || versions.containsValue(null)
        || read.filter(seen -> seen.containsValue(null)).isPresent()
        || !reads.found().keySet().equals(reads.made())) {
      return Optional.empty();
    }
    return Optional.of(
        new SettledInputs(resourceVersion, templates, versions, reads.found(), read));
  }

  /**
   * Whether {@code resource}, the templates, every child in {@code cache} and what the render read
   * of the cluster are as left.
   */
  boolean unchanged(
      GenericKubernetesResource resource, long templatesNow, ReadCache cache, ReadsNow now) {
    if (!resourceVersion.equals(resource.getMetadata().getResourceVersion())
        || templates != templatesNow) {
      return false;
    }
    for (Map.Entry<ObjectRef, String> child : children.entrySet()) {
      String current =
          cache.get(child.getKey()).map(c -> c.getMetadata().getResourceVersion()).orElse(null);
      if (!child.getValue().equals(current)) {
        return false;
      }
    }
    for (Map.Entry<Lookup, String> lookup : lookups.entrySet()) {
      if (!now.lookup(lookup.getKey()).filter(lookup.getValue()::equals).isPresent()) {
        return false;
      }
    }
    return childrenRead.map(read -> read.equals(now.children())).orElse(true);
  }

  private static String version(Map<String, Object> child) {
    return UntypedMaps.get(child, "metadata", "resourceVersion") instanceof String version
        ? version
        : null;
  }

  /** Whether the resource after the status write has the spec and metadata that were rendered. */
  static boolean sameInputs(GenericKubernetesResource rendered, GenericKubernetesResource after) {
    return Objects.equals(
            rendered.getMetadata().getGeneration(), after.getMetadata().getGeneration())
        && Objects.equals(rendered.getMetadata().getLabels(), after.getMetadata().getLabels())
        && Objects.equals(
            rendered.getMetadata().getAnnotations(), after.getMetadata().getAnnotations());
  }
}
