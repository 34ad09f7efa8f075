package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.manifest.ObjectRef;
import java.util.Optional;

/**
 * Objects read from informers, never from the API server, that see the operator's own writes at
 * once rather than after their watch events: the reconciler's view of the cluster. {@link
 * WatchedResourceCache} holds the watched resources, {@link ChildObjectCache} their children.
 */
public interface ReadCache {

  /** The cached object, if it exists. */
  Optional<GenericKubernetesResource> get(ObjectRef ref);

  /** Remembers an object the operator just wrote, as the API server returned it. */
  void wrote(GenericKubernetesResource object);
}
