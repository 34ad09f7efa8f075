package io.webserveroperator.bench;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The benchmark's view of a namespace: an informer that tells when WebServers {@code first} to
 * {@code first + count - 1} are all settled ({@link WebServerResources#settled}). Both contenders
 * are timed through it, so that both pay for the same observer and stop the clock on the same
 * evidence: the status as the API server serves it, not a writer's own word.
 */
public final class SettledWatch implements AutoCloseable {

  private static final CountWait WAIT = new CountWait("WebServers were settled", "settled");

  private final int count;
  private final Set<String> settled = ConcurrentHashMap.newKeySet();
  private final SharedIndexInformer<GenericKubernetesResource> informer;

  /** Starts watching; returns once the informer has listed the namespace. */
  public SettledWatch(KubernetesClient client, String namespace, int first, int count) {
    this.count = count;
    Set<String> names =
        IntStream.range(first, first + count)
            .mapToObj(WebServerResources::name)
            .collect(Collectors.toUnmodifiableSet());
    this.informer =
        WebServerResources.operation(client)
            .inNamespace(namespace)
            .inform(new Handler(names, settled));
  }

  /**
   * Waits until every one is settled and returns the time since {@code startNanos} (a {@link
   * System#nanoTime()}); fails after {@code timeout}.
   */
  public Duration await(long startNanos, Duration timeout, Consumer<String> progress) {
    return WAIT.await(settled::size, count, startNanos, timeout, progress);
  }

  @Override
  public void close() {
    informer.close();
  }

  /** Collects the names of those it watches for once they are settled; ignores any others. */
  private record Handler(Set<String> names, Set<String> settled)
      implements ResourceEventHandler<GenericKubernetesResource> {
    @Override
    public void onAdd(GenericKubernetesResource resource) {
      if (names.contains(resource.getMetadata().getName())
          && WebServerResources.settled(resource)) {
        settled.add(resource.getMetadata().getName());
      }
    }

    @Override
    public void onUpdate(GenericKubernetesResource old, GenericKubernetesResource resource) {
      onAdd(resource);
    }

    @Override
    public void onDelete(GenericKubernetesResource resource, boolean unknownFinalState) {}
  }
}
