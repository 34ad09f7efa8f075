package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Read-your-writes for an informer cache: the objects this operator has just written, kept until
 * the informer delivers that same version. Without it, a reconcile that runs before the watch event
 * arrives would see the object as it was before the write, and write again.
 *
 * <p>Watch events arrive in order, so once the informer has seen the written version, the cache is
 * at least as new as the write, and the entry is dropped. Thread-safe.
 */
final class RecentWrites {

  private final Map<String, GenericKubernetesResource> written = new ConcurrentHashMap<>();

  /**
   * Remembers an object as the API server returned it from a write, unless the cache already holds
   * that version or a newer one: its watch event can arrive before the writer gets the response.
   *
   * @param cached reads the informer's store; asked after remembering, so that an event handled in
   *     between cannot leave a stale write behind
   */
  void wrote(
      String key, GenericKubernetesResource object, Supplier<GenericKubernetesResource> cached) {
    written.put(key, object);
    GenericKubernetesResource current = cached.get();
    if (current != null
        && atLeast(
            current.getMetadata().getResourceVersion(),
            object.getMetadata().getResourceVersion())) {
      written.remove(key, object);
    }
  }

  /** The object to believe: the recent write if the cache has not caught up with it yet. */
  GenericKubernetesResource resolve(String key, GenericKubernetesResource cached) {
    GenericKubernetesResource recent = written.get(key);
    return recent != null ? recent : cached;
  }

  /** The informer delivered this version (or a deletion): drop the write once it is seen. */
  void observed(String key, GenericKubernetesResource object, boolean deleted) {
    GenericKubernetesResource recent = written.get(key);
    if (recent != null
        && (deleted
            || atLeast(
                object.getMetadata().getResourceVersion(),
                recent.getMetadata().getResourceVersion()))) {
      written.remove(key, recent);
    }
  }

  /**
   * Whether the seen version is the written one or newer. Versions are opaque to clients, but the
   * API server's are etcd revisions: when both are numbers, a relist that skipped the written
   * version still clears it.
   */
  private static boolean atLeast(String seen, String wrote) {
    if (Objects.equals(seen, wrote)) {
      return true;
    }
    try {
      return Long.parseLong(seen) >= Long.parseLong(wrote);
    } catch (NumberFormatException opaque) {
      return false;
    }
  }
}
