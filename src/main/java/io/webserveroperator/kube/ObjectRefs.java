package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.webserveroperator.manifest.ObjectRef;

/** Identity of client objects, in the pure core's terms. */
public final class ObjectRefs {

  private ObjectRefs() {}

  /** The identity of an object the API server returned. */
  public static ObjectRef of(HasMetadata object) {
    return new ObjectRef(
        object.getApiVersion(),
        object.getKind(),
        object.getMetadata().getNamespace(),
        object.getMetadata().getName());
  }
}
