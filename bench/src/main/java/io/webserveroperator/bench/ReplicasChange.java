package io.webserveroperator.bench;

import io.webserveroperator.kube.ObjectPatches;
import java.util.Map;

/**
 * {@code spec.replicas} changed on N existing WebServers at once, as the user would: a merge patch
 * each from a thread pool, through the same {@link DirectApiClient} as {@link CreateStorm}'s
 * creates, so that creating and changing them cost the creator alike.
 */
public final class ReplicasChange {

  private ReplicasChange() {}

  /**
   * Sets {@code spec.replicas} of WebServers {@code first} to {@code first + count - 1} to {@code
   * replicas} from {@code concurrency} threads; returns once the API server has answered every
   * patch.
   */
  public static void send(
      DirectApiClient user, String namespace, int first, int count, int concurrency, int replicas) {
    Concurrently.run(count, concurrency, i -> patch(user, namespace, first + i, replicas));
  }

  /** Sets the {@code index}-th WebServer's {@code spec.replicas}; returns it as patched. */
  static Map<String, Object> patch(
      DirectApiClient user, String namespace, int index, int replicas) {
    return user.patched(
        ObjectPatches.path(WebServerResources.KIND, namespace, WebServerResources.name(index)),
        Map.of("spec", Map.of("replicas", replicas)));
  }
}
