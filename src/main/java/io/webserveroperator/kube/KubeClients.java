package io.webserveroperator.kube;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.WatchEvent;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Builds Kubernetes clients the way kubectl finds its cluster. */
public final class KubeClients {

  private static final int MAX_CONCURRENT_REQUESTS = 256;

  private KubeClients() {}

  /**
   * A client for the given kubeconfig file and context; {@code null} arguments mean kubectl's
   * defaults ({@code $KUBECONFIG}, {@code ~/.kube/config}, in-cluster service account).
   */
  public static KubernetesClient create(Path kubeconfig, String context) {
    return create(kubeconfig, context, null);
  }

  /** The same, with every request counted by {@code counter} (when not null). */
  public static KubernetesClient create(
      Path kubeconfig, String context, ApiRequestCounter counter) {
    Config config;
    if (kubeconfig == null) {
      config = Config.autoConfigure(context);
    } else {
      try {
        config =
            Config.fromKubeconfig(context, Files.readString(kubeconfig), kubeconfig.toString());
      } catch (IOException e) {
        throw new OperatorException(
            "Cannot read kubeconfig " + kubeconfig + ": " + e.getMessage(), e);
      }
    }
    if (context != null
        && config.getContexts().stream().noneMatch(named -> context.equals(named.getName()))) {
      // fabric8 would carry on with the current context: another cluster than the one asked for.
      throw new OperatorException(
          "The kubeconfig "
              + (kubeconfig == null ? "(KUBECONFIG or ~/.kube/config)" : kubeconfig.toString())
              + " has no context '"
              + context
              + "'; name one of its contexts: "
              + String.join(
                  ", ", config.getContexts().stream().map(named -> named.getName()).toList())
              + ".");
    }
    // fabric8 allows 5 requests at once per host by default: far fewer than the workers.
    config.setMaxConcurrentRequests(MAX_CONCURRENT_REQUESTS);
    config.setMaxConcurrentRequestsPerHost(MAX_CONCURRENT_REQUESTS);
    var builder =
        new KubernetesClientBuilder()
            .withConfig(config)
            .withHttpClientFactory(httpClients())
            .withKubernetesSerialization(serialization());
    if (counter != null) {
      builder.withHttpClientBuilderConsumer(
          http -> http.addOrReplaceInterceptor("request-counter", counter));
    }
    return builder.build();
  }

  /**
   * The HTTP clients every client of the operator's uses, its plain ones too: fabric8's Vert.x
   * client, offering ChaCha20 first, sending a request again when its connection closed.
   */
  public static HttpClient.Factory httpClients() {
    return new ResendingHttpClients(new ChaChaFirstHttpClientFactory());
  }

  /**
   * Every object is read as a GenericKubernetesResource, straight into the form the caches keep
   * ({@link CompactResourceDeserializer}, {@link WatchEventDeserializer}), so the map from kinds to
   * fabric8's typed model classes is left unscanned (its ~1,300 classes cost about 14 MiB of
   * resident memory), but for {@code Status}: a watch's ERROR event carries one, and only a typed
   * Status tells the watch that its resource version expired (410 Gone) and must be listed again.
   */
  static KubernetesSerialization serialization() {
    ObjectMapper mapper = new ObjectMapper();
    mapper.registerModule(
        new SimpleModule("compact-objects")
            .addDeserializer(GenericKubernetesResource.class, new CompactResourceDeserializer())
            .addDeserializer(WatchEvent.class, new WatchEventDeserializer()));
    KubernetesSerialization serialization = new KubernetesSerialization(mapper, false);
    serialization.registerKubernetesResource(Status.class);
    return serialization;
  }
}
