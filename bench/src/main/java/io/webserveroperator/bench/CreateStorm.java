package io.webserveroperator.bench;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Creates N WebServers at once from a thread pool and waits until the operator has settled every
 * one, as a {@link SettledWatch} sees them. The creates go through the same {@link DirectApiClient}
 * as the minimal client's, so both phases have the same creator.
 */
public final class CreateStorm {

  private final KubernetesClient client;
  private final DirectApiClient creator;
  private final Consumer<String> progress;

  /**
   * @param client watches the WebServers
   * @param creator creates them
   */
  public CreateStorm(KubernetesClient client, DirectApiClient creator, Consumer<String> progress) {
    this.client = client;
    this.creator = creator;
    this.progress = progress;
  }

  /**
   * Creates WebServers {@code first} to {@code first + count - 1} and returns the time from the
   * first create until the last status.
   */
  public Duration run(String namespace, int first, int count, int concurrency, Duration timeout) {
    try (SettledWatch watch = new SettledWatch(client, namespace, first, count)) {
      long start = System.nanoTime();
      create(creator, namespace, first, count, concurrency);
      return watch.await(start, timeout, progress);
    }
  }

  /**
   * Creates WebServers {@code first} to {@code first + count - 1} from {@code concurrency} threads;
   * returns once the API server has answered every create.
   */
  public static void create(
      DirectApiClient creator, String namespace, int first, int count, int concurrency) {
    Concurrently.run(
        count,
        concurrency,
        i ->
            creator.create(
                WebServerResources.collectionPath(namespace),
                WebServerResources.build(namespace, first + i)));
  }
}
