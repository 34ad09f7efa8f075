package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.informers.cache.BasicItemStore;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import java.util.stream.Stream;

/**
 * An informer store that trims objects as they arrive. It always drops {@code
 * metadata.managedFields}: they are often the largest part of an object, and the operator never
 * reads them from the cache. For a reader of metadata alone (the shard assigner, which caches every
 * resource of the cluster rather than one replica's share) it drops the rest of the content too.
 * What it keeps it stores compactly and read-only ({@link CompactJson}).
 */
final class TrimmingStore implements ItemStore<GenericKubernetesResource> {

  private final BasicItemStore<GenericKubernetesResource> delegate =
      new BasicItemStore<>(Cache::metaNamespaceKeyFunc);
  private final boolean metadataOnly;

  /**
   * @param metadataOnly whether to keep only {@code apiVersion}, {@code kind} and {@code metadata}
   */
  TrimmingStore(boolean metadataOnly) {
    this.metadataOnly = metadataOnly;
  }

  @Override
  public String getKey(GenericKubernetesResource object) {
    return delegate.getKey(object);
  }

  @Override
  public GenericKubernetesResource put(String key, GenericKubernetesResource object) {
    if (object.getMetadata() != null) {
      object.getMetadata().setManagedFields(null);
    }
    if (metadataOnly) {
      object.getAdditionalProperties().clear();
    }
    CompactJson.compact(object);
    return delegate.put(key, object);
  }

  @Override
  public GenericKubernetesResource remove(String key) {
    return delegate.remove(key);
  }

  @Override
  public Stream<String> keySet() {
    return delegate.keySet();
  }

  @Override
  public Stream<GenericKubernetesResource> values() {
    return delegate.values();
  }

  @Override
  public int size() {
    return delegate.size();
  }

  @Override
  public GenericKubernetesResource get(String key) {
    return delegate.get(key);
  }
}
