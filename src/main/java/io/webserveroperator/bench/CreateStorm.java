package io.webserveroperator.bench;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Creates N WebServers at once from a thread pool and waits until the operator has settled every
 * one ({@link WebServerResources#settled}), watching them with an informer. The creates go through
 * the same {@link DirectApiClient} as the minimal client's, so both phases have the same creator.
 */
final class CreateStorm {

  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

  private final KubernetesClient client;
  private final DirectApiClient creator;
  private final Consumer<String> progress;

  /**
   * @param client watches the WebServers
   * @param creator creates them
   */
  CreateStorm(KubernetesClient client, DirectApiClient creator, Consumer<String> progress) {
    this.client = client;
    this.creator = creator;
    this.progress = progress;
  }

  /** Creates them and returns the time from the first create until the last status. */
  Duration run(String namespace, int count, int concurrency, Duration timeout) {
    Set<String> settled = ConcurrentHashMap.newKeySet();
    SharedIndexInformer<GenericKubernetesResource> informer =
        WebServerResources.operation(client).inNamespace(namespace).inform(new Handler(settled));
    try {
      long start = System.nanoTime();
      Concurrently.run(
          count,
          concurrency,
          i ->
              creator.create(
                  WebServerResources.collectionPath(namespace),
                  WebServerResources.build(namespace, i)));
      long deadline = start + timeout.toNanos();
      long nextReport = System.nanoTime() + PROGRESS_EVERY.toNanos();
      while (settled.size() < count) {
        if (System.nanoTime() > deadline) {
          throw new BenchException(
              "Only "
                  + settled.size()
                  + " of "
                  + count
                  + " WebServers were settled after "
                  + timeout.toSeconds()
                  + " s.");
        }
        if (System.nanoTime() > nextReport) {
          progress.accept(String.format(Locale.ROOT, "  %d/%d settled", settled.size(), count));
          nextReport += PROGRESS_EVERY.toNanos();
        }
        OperatorProcess.sleep(Duration.ofMillis(20));
      }
      return Duration.ofNanos(System.nanoTime() - start);
    } finally {
      informer.close();
    }
  }

  private record Handler(Set<String> settled)
      implements ResourceEventHandler<GenericKubernetesResource> {
    @Override
    public void onAdd(GenericKubernetesResource resource) {
      if (WebServerResources.settled(resource)) {
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
