package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/**
 * Access to one kind in one namespace, or cluster-wide when the namespace is null: the one place
 * that tells namespaced objects from cluster-scoped ones for requests.
 */
public final class Scoped {

  private Scoped() {}

  /** The kind's objects in {@code namespace}, or the cluster-scoped ones when it is null. */
  public static NonNamespaceOperation<
          GenericKubernetesResource,
          GenericKubernetesResourceList,
          Resource<GenericKubernetesResource>>
      in(KubernetesClient client, ResourceDefinitionContext kind, String namespace) {
    var operation = client.genericKubernetesResources(kind);
    return namespace == null ? operation : operation.inNamespace(namespace);
  }
}
