package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.webserveroperator.manifest.ObjectRef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The watched resources: informers on one watched kind (the custom resources the operator
 * reconciles), across the watched namespaces, optionally limited by a label selector for sharding.
 * Every event that may need a reconcile reports the resource's identity: creation, deletion, a new
 * generation (a spec change), a deletion request, a change of finalizers, labels or annotations,
 * and each periodic resync. Status updates alone (most often the operator's own) are not reported.
 */
public final class WatchedResourceCache implements ReadCache, AutoCloseable {

  private final List<SharedIndexInformer<GenericKubernetesResource>> informers = new ArrayList<>();
  private final List<CompletableFuture<Void>> listed = new ArrayList<>();
  private final ResourceDefinitionContext kind;
  private final RecentWrites recentWrites = new RecentWrites();

  /**
   * Starts the informers; {@link #awaitSynced} blocks until they have listed.
   *
   * @param namespaces namespaces to watch; empty for all
   * @param labelSelector only resources matching it, or null for all
   * @param resync how often every resource is reported again although nothing changed
   * @param metadataOnly whether to cache only each resource's metadata, for a reader that needs no
   *     more
   */
  public WatchedResourceCache(
      KubernetesClient client,
      ResourceDefinitionContext kind,
      List<String> namespaces,
      String labelSelector,
      Duration resync,
      boolean metadataOnly,
      Consumer<ObjectRef> onChange) {
    this.kind = kind;
    var resources = client.genericKubernetesResources(kind);
    List<String> scopes =
        namespaces.isEmpty() || !kind.isNamespaceScoped() ? List.of("") : namespaces;
    for (String namespace : scopes) {
      var scoped =
          namespace.isEmpty() ? resources.inAnyNamespace() : resources.inNamespace(namespace);
      var selected = labelSelector == null ? scoped : scoped.withLabelSelector(labelSelector);
      SharedIndexInformer<GenericKubernetesResource> informer =
          selected.runnableInformer(resync.toMillis());
      informer.itemStore(
          new TrimmingStore(
              metadataOnly ? TrimmingStore.Trim.METADATA : TrimmingStore.Trim.RESOURCE));
      informer.addEventHandler(new KeyReporter(onChange, recentWrites));
      listed.add(informer.start().toCompletableFuture());
      informers.add(informer);
    }
  }

  /** The cached resource, if any. Never calls the API server. */
  @Override
  public Optional<GenericKubernetesResource> get(ObjectRef ref) {
    return Optional.ofNullable(recentWrites.resolve(storeKey(ref), cached(ref)));
  }

  /** Remembers a resource the operator just wrote (its status), so reads see it at once. */
  @Override
  public void wrote(GenericKubernetesResource resource) {
    ObjectRef ref = ObjectRefs.of(resource);
    recentWrites.wrote(storeKey(ref), resource, () -> cached(ref));
  }

  private GenericKubernetesResource cached(ObjectRef ref) {
    return InformerStores.find(informers, ref);
  }

  /** The informer store's key, under which the recent writes are kept too. */
  private static String storeKey(ObjectRef ref) {
    return Cache.namespaceKeyFunc(ref.namespace(), ref.name());
  }

  /** The kind whose resources it holds. */
  public ResourceDefinitionContext kind() {
    return kind;
  }

  /** Every cached resource, e.g. to re-queue them all after a template edit. */
  public List<GenericKubernetesResource> list() {
    return informers.stream().flatMap(i -> i.getStore().list().stream()).toList();
  }

  /** Whether every informer has listed once. */
  public boolean hasSynced() {
    return informers.stream().allMatch(SharedIndexInformer::hasSynced);
  }

  /** Blocks until every informer has listed once, or fails after {@link InformerSync#TIMEOUT}. */
  public void awaitSynced() {
    listed.forEach(future -> InformerSync.await(future, kind));
  }

  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::stop);
  }

  /** Reports the keys of resources whose change may need a reconcile. */
  private record KeyReporter(Consumer<ObjectRef> onChange, RecentWrites recentWrites)
      implements ResourceEventHandler<GenericKubernetesResource> {

    @Override
    public void onAdd(GenericKubernetesResource resource) {
      recentWrites.observed(storeKey(ObjectRefs.of(resource)), resource, false);
      onChange.accept(ObjectRefs.of(resource));
    }

    @Override
    public void onUpdate(GenericKubernetesResource before, GenericKubernetesResource after) {
      recentWrites.observed(storeKey(ObjectRefs.of(after)), after, false);
      var old = before.getMetadata();
      var now = after.getMetadata();
      boolean resync = Objects.equals(old.getResourceVersion(), now.getResourceVersion());
      if (resync
          || !Objects.equals(old.getGeneration(), now.getGeneration())
          || !Objects.equals(old.getDeletionTimestamp(), now.getDeletionTimestamp())
          || !Objects.equals(old.getFinalizers(), now.getFinalizers())
          || !Objects.equals(old.getLabels(), now.getLabels())
          || !Objects.equals(old.getAnnotations(), now.getAnnotations())) {
        onChange.accept(ObjectRefs.of(after));
      }
    }

    @Override
    public void onDelete(GenericKubernetesResource resource, boolean finalStateUnknown) {
      recentWrites.observed(storeKey(ObjectRefs.of(resource)), resource, true);
      onChange.accept(ObjectRefs.of(resource));
    }
  }
}
