package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.webserveroperator.manifest.ObjectRef;
import java.util.List;

/** Lookups in the stores of several informers of one kind (one per watched namespace). */
final class InformerStores {

  private InformerStores() {}

  /** The object from the first store that holds it, or null; never calls the API server. */
  static GenericKubernetesResource find(
      List<SharedIndexInformer<GenericKubernetesResource>> informers, ObjectRef ref) {
    // The stores' key: namespace/name, or the name alone when cluster-scoped.
    String key = Cache.namespaceKeyFunc(ref.namespace(), ref.name());
    for (SharedIndexInformer<GenericKubernetesResource> informer : informers) {
      GenericKubernetesResource found = informer.getStore().getByKey(key);
      if (found != null) {
        return found;
      }
    }
    return null;
  }
}
