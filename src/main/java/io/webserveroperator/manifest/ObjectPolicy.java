package io.webserveroperator.manifest;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The rules every rendered object must meet before anything is applied: it is a well-formed object
 * and it stays in its resource's namespace unless the watch allows otherwise.
 *
 * @param allowOtherNamespaces whether objects may name a namespace other than the resource's
 * @param allowedClusterScopedKinds cluster-scoped kinds that may be rendered
 * @param clusterScoped answers whether an object's kind is cluster-scoped
 */
public record ObjectPolicy(
    boolean allowOtherNamespaces,
    Set<String> allowedClusterScopedKinds,
    Predicate<ObjectRef> clusterScoped) {

  public ObjectPolicy {
    allowedClusterScopedKinds = Set.copyOf(allowedClusterScopedKinds);
    clusterScoped = clusterScoped == null ? ClusterScopedKinds.wellKnown() : clusterScoped;
  }

  /**
   * Checks one object's shape (before ownership is stamped).
   *
   * @return why the object is not acceptable, as a sentence; empty when it is fine
   */
  public Optional<String> problem(Map<String, Object> body, String resourceNamespace) {
    if (!(body.get("apiVersion") instanceof String apiVersion) || apiVersion.isBlank()) {
      return Optional.of("the rendered object has no apiVersion (a string)");
    }
    if (!(body.get("kind") instanceof String kind) || kind.isBlank()) {
      return Optional.of("the rendered object has no kind (a string)");
    }
    if (!(body.get("metadata") instanceof Map<?, ?> meta)) {
      return Optional.of("the rendered " + kind + " has no metadata map");
    }
    if (!(meta.get("name") instanceof String name) || name.isBlank()) {
      return Optional.of("the rendered " + kind + " has no metadata.name (a string)");
    }
    Object namespace = meta.get("namespace");
    if (namespace != null && !(namespace instanceof String)) {
      return Optional.of(kind + " " + name + " has a metadata.namespace that is not a string");
    }
    ObjectRef ref = new ObjectRef(apiVersion, kind, (String) namespace, name);
    if (isClusterScoped(ref)) {
      if (!allowedClusterScopedKinds.contains(kind)) {
        return Optional.of(
            kind
                + " "
                + name
                + " is cluster-scoped; list it under allowedClusterScopedKinds in watches.yaml"
                + " to allow it");
      }
      if (namespace != null) {
        return Optional.of(kind + " " + name + " is cluster-scoped and must not name a namespace");
      }
      return Optional.empty();
    }
    if (namespace != null && !namespace.equals(resourceNamespace) && !allowOtherNamespaces) {
      return Optional.of(
          ref
              + " names namespace "
              + namespace
              + " but objects must stay in the resource's namespace "
              + resourceNamespace
              + "; set allowOtherNamespaces: true in watches.yaml to allow it");
    }
    return Optional.empty();
  }

  /** Whether this object's kind is cluster-scoped. */
  public boolean isClusterScoped(ObjectRef ref) {
    return clusterScoped.test(ref);
  }
}
