package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Informers on one watched kind (the custom resources the operator reconciles), across the watched
 * namespaces, optionally limited by a label selector for sharding. Every event that may need a
 * reconcile reports the resource's key: creation, deletion, a new generation (a spec change), a
 * deletion request, a change of finalizers, labels or annotations, and each periodic resync. Status
 * updates alone (most often the operator's own) are not reported.
 */
public final class ResourceCache implements AutoCloseable {

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
   */
  public ResourceCache(
      KubernetesClient client,
      ResourceDefinitionContext kind,
      List<String> namespaces,
      String labelSelector,
      Duration resync,
      Consumer<OwnerKey> onChange) {
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
      informer.itemStore(new ManagedFieldsStrippingStore());
      informer.addEventHandler(new KeyReporter(onChange, recentWrites));
      listed.add(informer.start().toCompletableFuture());
      informers.add(informer);
    }
  }

  /** The cached resource with that key, if any. Never calls the API server. */
  public Optional<GenericKubernetesResource> get(OwnerKey key) {
    return Optional.ofNullable(recentWrites.resolve(storeKey(key), cached(key)));
  }

  /** Remembers a resource the operator just wrote (its status), so reads see it at once. */
  public void wrote(GenericKubernetesResource resource) {
    OwnerKey key = OwnerKey.of(resource);
    recentWrites.wrote(storeKey(key), resource, () -> cached(key));
  }

  private GenericKubernetesResource cached(OwnerKey key) {
    for (SharedIndexInformer<GenericKubernetesResource> informer : informers) {
      GenericKubernetesResource found = informer.getStore().getByKey(storeKey(key));
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static String storeKey(OwnerKey key) {
    return key.namespace().isEmpty() ? key.name() : key.namespace() + "/" + key.name();
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
  private record KeyReporter(Consumer<OwnerKey> onChange, RecentWrites recentWrites)
      implements ResourceEventHandler<GenericKubernetesResource> {

    @Override
    public void onAdd(GenericKubernetesResource resource) {
      recentWrites.observed(storeKey(OwnerKey.of(resource)), resource, false);
      onChange.accept(OwnerKey.of(resource));
    }

    @Override
    public void onUpdate(GenericKubernetesResource before, GenericKubernetesResource after) {
      recentWrites.observed(storeKey(OwnerKey.of(after)), after, false);
      var old = before.getMetadata();
      var now = after.getMetadata();
      boolean resync = Objects.equals(old.getResourceVersion(), now.getResourceVersion());
      if (resync
          || !Objects.equals(old.getGeneration(), now.getGeneration())
          || !Objects.equals(old.getDeletionTimestamp(), now.getDeletionTimestamp())
          || !Objects.equals(old.getFinalizers(), now.getFinalizers())
          || !Objects.equals(old.getLabels(), now.getLabels())
          || !Objects.equals(old.getAnnotations(), now.getAnnotations())) {
        onChange.accept(OwnerKey.of(after));
      }
    }

    @Override
    public void onDelete(GenericKubernetesResource resource, boolean finalStateUnknown) {
      recentWrites.observed(storeKey(OwnerKey.of(resource)), resource, true);
      onChange.accept(OwnerKey.of(resource));
    }
  }
}
