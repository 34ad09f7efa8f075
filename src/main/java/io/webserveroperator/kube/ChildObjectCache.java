package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.manifest.ObjectRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The children: informer caches of the objects this operator manages, one informer per child kind
 * (and per watched namespace), started the first time a template renders that kind. Reads never
 * call the API server; every change of a cached object reports its controlling owner, so that drift
 * is corrected at once rather than at the next resync.
 *
 * <p>Thread-safe. {@link #get} blocks only the first time a kind is seen, until its informer has
 * listed.
 */
public final class ChildObjectCache implements ReadCache, AutoCloseable {

  private final KubernetesClient client;
  private final KindResolver kinds;
  private final List<String> namespaces;
  private final Map<String, String> labels;
  private final Consumer<OwnerReferenceEvent> onChange;
  private final Map<String, List<SharedIndexInformer<GenericKubernetesResource>>> informers =
      new ConcurrentHashMap<>();
  private final RecentWrites recentWrites = new RecentWrites();

  /**
   * @param namespaces the namespaces to cache namespaced kinds in; empty for all
   * @param shard only the children of this shard (their {@link ManagedLabels#SHARD} label), or null
   *     for every managed object
   * @param onChange told of the controlling owner of every object that is added, changed or deleted
   */
  public ChildObjectCache(
      KubernetesClient client,
      KindResolver kinds,
      List<String> namespaces,
      String shard,
      Consumer<OwnerReferenceEvent> onChange) {
    this.client = client;
    this.kinds = kinds;
    this.namespaces = List.copyOf(namespaces);
    this.labels =
        shard == null
            ? Map.of(ManagedLabels.MANAGED_BY, ManagedLabels.MANAGER)
            : Map.of(ManagedLabels.MANAGED_BY, ManagedLabels.MANAGER, ManagedLabels.SHARD, shard);
    this.onChange = onChange;
  }

  /** A change of a managed object, named by the object and its controlling owner. */
  public record OwnerReferenceEvent(ObjectRef child, OwnerReference owner) {}

  /** The cached live object, if it exists; starts the kind's informer on first use. */
  @Override
  public Optional<GenericKubernetesResource> get(ObjectRef ref) {
    return Optional.ofNullable(recentWrites.resolve(writeKey(ref), cached(ref)));
  }

  /** Remembers an object the operator just wrote, so reads see it before its watch event. */
  @Override
  public void wrote(GenericKubernetesResource object) {
    ObjectRef ref = ObjectRefs.of(object);
    recentWrites.wrote(writeKey(ref), object, () -> cached(ref));
  }

  private GenericKubernetesResource cached(ObjectRef ref) {
    return InformerStores.find(informersFor(ref), ref);
  }

  private static String writeKey(ObjectRef ref) {
    return ref.apiVersion() + "/" + ref.kind() + "/" + ref.namespace() + "/" + ref.name();
  }

  /** How many objects the caches hold, for metrics. */
  public int size() {
    return informers.values().stream()
        .flatMap(List::stream)
        .mapToInt(i -> i.getStore().list().size())
        .sum();
  }

  private List<SharedIndexInformer<GenericKubernetesResource>> informersFor(ObjectRef ref) {
    return informers.computeIfAbsent(
        ref.apiVersion() + "/" + ref.kind(),
        k -> start(kinds.resolve(ref.apiVersion(), ref.kind())));
  }

  private List<SharedIndexInformer<GenericKubernetesResource>> start(
      ResourceDefinitionContext kind) {
    List<SharedIndexInformer<GenericKubernetesResource>> started = new ArrayList<>();
    if (!kind.isNamespaceScoped() || namespaces.isEmpty()) {
      started.add(
          start(
              client
                  .genericKubernetesResources(kind)
                  .inAnyNamespace()
                  .withLabels(labels)
                  .runnableInformer(0),
              kind));
    } else {
      for (String namespace : namespaces) {
        started.add(
            start(
                client
                    .genericKubernetesResources(kind)
                    .inNamespace(namespace)
                    .withLabels(labels)
                    .runnableInformer(0),
                kind));
      }
    }
    return List.copyOf(started);
  }

  /** Starts the informer and blocks until it has listed. */
  private SharedIndexInformer<GenericKubernetesResource> start(
      SharedIndexInformer<GenericKubernetesResource> informer, ResourceDefinitionContext kind) {
    informer.itemStore(new TrimmingStore(TrimmingStore.Trim.CHILD));
    informer.addEventHandler(new OwnerNotifier());
    InformerSync.await(informer.start(), kind);
    return informer;
  }

  @Override
  public void close() {
    informers.values().stream().flatMap(List::stream).forEach(SharedIndexInformer::stop);
  }

  /** Reports the controlling owner of each changed object. */
  private final class OwnerNotifier implements ResourceEventHandler<GenericKubernetesResource> {
    @Override
    public void onAdd(GenericKubernetesResource object) {
      recentWrites.observed(writeKey(ObjectRefs.of(object)), object, false);
      notifyOwner(object);
    }

    @Override
    public void onUpdate(GenericKubernetesResource before, GenericKubernetesResource after) {
      recentWrites.observed(writeKey(ObjectRefs.of(after)), after, false);
      // A resync delivers the same version again: nothing changed, nothing to report.
      if (!Cache.metaNamespaceKeyFunc(after).isEmpty()
          && !after
              .getMetadata()
              .getResourceVersion()
              .equals(before.getMetadata().getResourceVersion())) {
        notifyOwner(after);
      }
    }

    @Override
    public void onDelete(GenericKubernetesResource object, boolean finalStateUnknown) {
      recentWrites.observed(writeKey(ObjectRefs.of(object)), object, true);
      notifyOwner(object);
    }

    private void notifyOwner(GenericKubernetesResource object) {
      for (OwnerReference owner : object.getMetadata().getOwnerReferences()) {
        if (Boolean.TRUE.equals(owner.getController())) {
          onChange.accept(new OwnerReferenceEvent(ObjectRefs.of(object), owner));
        }
      }
    }
  }
}
