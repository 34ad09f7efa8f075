package io.webserveroperator.template;

import io.soabase.recordbuilder.core.RecordBuilder;
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
@RecordBuilder
public record RegistryOptions(Predicate<ObjectRef> clusterScoped, boolean cacheParsedTemplates) {

  public RegistryOptions {
    clusterScoped = clusterScoped == null ? ClusterScopedKinds.wellKnown() : clusterScoped;
  }

  /** Well-known cluster-scoped kinds, parse cache on. */
  public static RegistryOptions defaults() {
    return new RegistryOptions(ClusterScopedKinds.wellKnown(), true);
  }

  /** A builder holding these options, to change some of them. */
  public RegistryOptionsBuilder toBuilder() {
    return RegistryOptionsBuilder.builder(this);
  }
}
