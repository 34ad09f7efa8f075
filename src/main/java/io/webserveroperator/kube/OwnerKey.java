package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.webserveroperator.manifest.ObjectRef;
import java.util.Objects;

/**
 * The work-queue key of one watched resource: its kind (with API version), namespace and name.
 *
 * @param namespace empty for cluster-scoped resources
 */
public record OwnerKey(String apiVersion, String kind, String namespace, String name) {

  public OwnerKey {
    Objects.requireNonNull(apiVersion, "apiVersion");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    namespace = namespace == null ? "" : namespace;
  }

  /** The key of a resource as the API server returned it. */
  public static OwnerKey of(HasMetadata resource) {
    return new OwnerKey(
        resource.getApiVersion(),
        resource.getKind(),
        resource.getMetadata().getNamespace(),
        resource.getMetadata().getName());
  }

  /** {@code Kind namespace/name}, as log lines and messages name it. */
  @Override
  public String toString() {
    return ObjectRef.describe(kind, namespace, name);
  }
}
