package io.webserveroperator.template;

import io.webserveroperator.manifest.ClusterScopedKinds;
import io.webserveroperator.manifest.ObjectRef;
import java.util.function.Predicate;

/**
 * How a {@link TemplateRegistry} behaves.
 *
 * @param clusterScoped answers whether a rendered object's kind is cluster-scoped; the cluster
 *     layer can pass a discovery-backed one
 * @param cacheParsedTemplates parse once and reuse (true), or parse on every render (benchmarks)
 */
public record RegistryOptions(Predicate<ObjectRef> clusterScoped, boolean cacheParsedTemplates) {

  public RegistryOptions {
    clusterScoped = clusterScoped == null ? ClusterScopedKinds.wellKnown() : clusterScoped;
  }

  /** Well-known cluster-scoped kinds, parse cache on. */
  public static RegistryOptions defaults() {
    return new RegistryOptions(ClusterScopedKinds.wellKnown(), true);
  }

  public RegistryOptions withClusterScoped(Predicate<ObjectRef> scope) {
    return new RegistryOptions(scope, cacheParsedTemplates);
  }

  public RegistryOptions withCacheParsedTemplates(boolean cache) {
    return new RegistryOptions(clusterScoped, cache);
  }
}
