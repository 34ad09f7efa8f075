package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.client.informers.cache.BasicItemStore;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import io.webserveroperator.manifest.ManagedLabels;
import java.util.List;
import java.util.stream.Stream;

/**
 * An informer store that trims objects as they arrive, by what its reader needs ({@link Trim}).
 * {@code metadata.managedFields} are often the largest part of an object: the watched resources'
 * are dropped, and of a child's only the entries of other managers on its spec are kept (the
 * operator's own and those of status writers go), which is what tells whether a field was set by a
 * manager the kind's {@code ignoreDifferences} yield it to. What it keeps it stores compactly and
 * read-only ({@link CompactJson}).
 */
final class TrimmingStore implements ItemStore<GenericKubernetesResource> {

  private final BasicItemStore<GenericKubernetesResource> delegate =
      new BasicItemStore<>(Cache::metaNamespaceKeyFunc);
  private final Trim trim;

  /** What a cache's reader needs of each object. */
  enum Trim {
    /** A child: its content, and other managers' managed fields on its spec. */
    CHILD,
    /** A watched resource: its content, no managed fields. */
    RESOURCE,
    /**
     * A watched resource for a reader of metadata alone (the shard assigner, which caches every
     * resource of the cluster rather than one replica's share): {@code apiVersion}, {@code kind}
     * and {@code metadata}, no managed fields.
     */
    METADATA
  }

  TrimmingStore(Trim trim) {
    this.trim = trim;
  }

  @Override
  public String getKey(GenericKubernetesResource object) {
    return delegate.getKey(object);
  }

  @Override
  public GenericKubernetesResource put(String key, GenericKubernetesResource object) {
    if (object.getMetadata() != null) {
      object.getMetadata().setManagedFields(trim == Trim.CHILD ? othersOnSpec(object) : null);
    }
    if (trim == Trim.METADATA) {
      object.getAdditionalProperties().clear();
    }
    CompactJson.compact(object);
    return delegate.put(key, object);
  }

  /** The managed-fields entries of other managers than the operator, on anything but status. */
  private static List<ManagedFieldsEntry> othersOnSpec(GenericKubernetesResource object) {
    List<ManagedFieldsEntry> entries = object.getMetadata().getManagedFields();
    if (entries == null || entries.isEmpty()) {
      return null;
    }
    List<ManagedFieldsEntry> others =
        entries.stream()
            .filter(entry -> !ManagedLabels.FIELD_MANAGER.equals(entry.getManager()))
            .filter(entry -> !"status".equals(entry.getSubresource()))
            .map(
                entry -> {
                  ManagedFieldsEntry kept = new ManagedFieldsEntry();
                  kept.setManager(entry.getManager());
                  kept.setOperation(entry.getOperation());
                  kept.setFieldsV1(entry.getFieldsV1());
                  return kept;
                })
            .toList();
    return others.isEmpty() ? null : others;
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
