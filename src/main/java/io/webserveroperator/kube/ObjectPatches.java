package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.dsl.internal.OperationSupport;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.ByteArrayInputStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * PATCH requests for the operator's writes, server-side applies and status patches, sent through
 * the client's own HTTP client (its authentication, retries and request counting included) but not
 * through fabric8's resource DSL, which parses and joins each request's URL anew with regular
 * expressions and converts a map to a resource before serialising it: about a tenth of a worker's
 * time in a create storm. A refusal is the {@link KubernetesClientException} the DSL would throw,
 * with the API server's code and status. Thread-safe.
 */
public final class ObjectPatches {

  /** Server-side apply's content type; its body may be JSON, which is YAML. */
  public static final String APPLY = "application/apply-patch+yaml";

  /** An RFC 7386 JSON merge patch's. */
  public static final String MERGE_PATCH = "application/merge-patch+json";

  /** An RFC 6902 JSON patch's. */
  public static final String JSON_PATCH = "application/json-patch+json";

  private final HttpClient http;
  private final KubernetesSerialization serialization;
  private final String server;
  private final long timeoutMillis;
  private final String defaultNamespace;

  public ObjectPatches(KubernetesClient client) {
    this.http = client.getHttpClient();
    this.serialization = client.getKubernetesSerialization();
    this.server = client.getConfiguration().getMasterUrl().replaceAll("/+$", "");
    this.timeoutMillis = client.getConfiguration().getRequestTimeout();
    this.defaultNamespace = client.getNamespace();
  }

  /**
   * {@link #path}, in the client's namespace when a namespaced object names none, as fabric8's DSL
   * does.
   */
  public String objectPath(ResourceDefinitionContext kind, String namespace, String name) {
    return path(kind, namespace == null ? defaultNamespace : namespace, name);
  }

  /**
   * The REST path of an object of {@code kind}, or of their collection when {@code name} is null:
   * {@code /apis/apps/v1/namespaces/shop/deployments/web}; {@code namespace} is ignored for a
   * cluster-scoped kind.
   */
  public static String path(ResourceDefinitionContext kind, String namespace, String name) {
    StringBuilder path =
        new StringBuilder(
            kind.getGroup() == null || kind.getGroup().isEmpty()
                ? "/api/" + kind.getVersion()
                : "/apis/" + kind.getGroup() + "/" + kind.getVersion());
    if (kind.isNamespaceScoped()) {
      path.append("/namespaces/").append(namespace);
    }
    path.append('/').append(kind.getPlural());
    if (name != null) {
      path.append('/').append(name);
    }
    return path.toString();
  }

  /**
   * Sends {@code body} as a PATCH of {@code contentType} to {@code pathAndQuery} and returns the
   * object as the API server answered it.
   *
   * @throws KubernetesClientException when the API server refuses or cannot be reached
   */
  public GenericKubernetesResource patch(String pathAndQuery, String contentType, String body) {
    HttpRequest.Builder builder =
        http.newHttpRequestBuilder()
            .uri(server + pathAndQuery)
            .method("PATCH", contentType, body)
            .header("Accept", "application/json");
    if (timeoutMillis > 0) {
      builder.timeout(timeoutMillis, TimeUnit.MILLISECONDS);
    }
    HttpRequest request = builder.build();
    HttpResponse<byte[]> response;
    try {
      // Bytes, not a String: Jackson reads UTF-8 itself, fabric8 decodes a String through a Reader.
      response = http.sendAsync(request, byte[].class).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw OperationSupport.requestException(request, e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof KubernetesClientException known
          ? known
          : OperationSupport.requestException(request, cause, cause.getMessage());
    }
    if (!response.isSuccessful()) {
      throw OperationSupport.requestFailure(
          request, OperationSupport.createStatus(response, serialization));
    }
    return serialization.unmarshal(
        new ByteArrayInputStream(response.body()), GenericKubernetesResource.class);
  }
}
