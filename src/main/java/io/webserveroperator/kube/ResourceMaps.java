package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.manifest.UntypedMaps;
import java.util.Map;

/** Client objects as the untyped maps that templates, plans and status rules read. */
public final class ResourceMaps {

  private ResourceMaps() {}

  /** A fresh, mutable map of the object, as its JSON reads. */
  public static Map<String, Object> of(
      KubernetesSerialization serialization, GenericKubernetesResource resource) {
    return UntypedMaps.asMap(
        serialization.convertValue(resource, Map.class), resource.getKind() + " as a map");
  }
}
