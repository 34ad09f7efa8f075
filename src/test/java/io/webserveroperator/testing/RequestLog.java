package io.webserveroperator.testing;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.webserveroperator.kube.KubeClients;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every request a client sent, as {@code METHOD uri}: to prove that a command only reads and asks
 * for dry runs. Thread-safe.
 */
public final class RequestLog implements Interceptor {

  /** HTTP methods that change the cluster unless the request is a dry run. */
  public static final Set<String> WRITE_METHODS = Set.of("POST", "PUT", "PATCH", "DELETE");

  /**
   * One request.
   *
   * @param method the HTTP method
   * @param uri the full URI, query included
   */
  public record Request(String method, String uri) {

    /** Whether the method would write, dry run or not. */
    public boolean isWrite() {
      return WRITE_METHODS.contains(method);
    }

    /** Whether the API server was asked not to persist anything. */
    public boolean isDryRun() {
      return uri.contains("dryRun=All");
    }
  }

  private final List<Request> requests = new CopyOnWriteArrayList<>();

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    requests.add(new Request(request.method(), request.uri().toString()));
  }

  /** The requests so far, in order. */
  public List<Request> requests() {
    return List.copyOf(requests);
  }

  /** The requests with a write method, dry run or not. */
  public List<Request> writes() {
    return requests.stream().filter(Request::isWrite).toList();
  }

  /** A new client for that kubeconfig and context whose requests land in this log. */
  public KubernetesClient client(Path kubeconfig, String context) {
    try {
      Config config =
          Config.fromKubeconfig(context, Files.readString(kubeconfig), kubeconfig.toString());
      return new KubernetesClientBuilder()
          .withConfig(config)
          .withHttpClientFactory(KubeClients.httpClients())
          .withHttpClientBuilderConsumer(http -> http.addOrReplaceInterceptor("request-log", this))
          .build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
