package io.webserveroperator.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.internal.SSLUtils;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.manifest.ManagedLabels;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Map;

/**
 * The fastest correct writer of the benchmark: the JDK's HTTP client over HTTP/1.1 keep-alive
 * connections (one per thread, as Python's {@code http.client} keeps them), bodies serialised once
 * by Jackson, no interceptors, no retries, no reads. It is what the operator is measured against:
 * fabric8's client costs several milliseconds of CPU per request on top of the API server's work
 * (docs/benchmarks.md has the figures), which made the minimal client slower than the operator.
 *
 * <p>Thread-safe; each call blocks until the API server answered. Bearer-token and client-
 * certificate kubeconfigs work; exec plugins do not (the benchmark's own cluster uses a token).
 */
public final class DirectApiClient {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final String FIELD_MANAGER =
      URLEncoder.encode(ManagedLabels.FIELD_MANAGER, StandardCharsets.UTF_8);

  private final HttpClient http;
  private final String server;
  private final String authorization;
  private final ApiRequestCounter counter;
  private final ObjectMapper json = new ObjectMapper();

  /**
   * @param config the cluster, as fabric8 read it from the kubeconfig
   * @param counter counts every request, or null for requests that are not counted (the user's)
   */
  public DirectApiClient(Config config, ApiRequestCounter counter) {
    try {
      this.http =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .sslContext(SSLUtils.sslContext(config))
              .connectTimeout(TIMEOUT)
              .build();
    } catch (GeneralSecurityException | IOException e) {
      throw new BenchException(
          "Cannot read the kubeconfig's certificates for " + config.getMasterUrl() + ": " + e, e);
    }
    this.server = config.getMasterUrl().replaceAll("/+$", "");
    String token =
        config.getOauthToken() != null ? config.getOauthToken() : config.getAutoOAuthToken();
    this.authorization = token == null ? null : "Bearer " + token;
    this.counter = counter;
  }

  /** POSTs {@code object} to the collection at {@code path}; returns the created object. */
  Map<String, Object> create(String path, Map<String, Object> object) {
    return parse("POST", path, send("POST", path, "application/json", serialise(object)));
  }

  /** Server-side applies {@code object} at {@code path} as the operator's field manager. */
  void apply(String path, Map<String, Object> object) {
    send(
        "PATCH",
        path + "?fieldManager=" + FIELD_MANAGER + "&force=true",
        "application/apply-patch+yaml",
        serialise(object));
  }

  /** Sends a JSON merge patch to {@code path}, such as a status subresource. */
  public void mergePatch(String path, Map<String, Object> patch) {
    send("PATCH", path, "application/merge-patch+json", serialise(patch));
  }

  /**
   * Sends a JSON merge patch to {@code path}, as {@link #mergePatch} does; returns the object as
   * patched, for a writer that goes on from its new generation.
   */
  Map<String, Object> patched(String path, Map<String, Object> patch) {
    return parse(
        "PATCH", path, send("PATCH", path, "application/merge-patch+json", serialise(patch)));
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> parse(String method, String path, String body) {
    try {
      return json.readValue(body, Map.class);
    } catch (JsonProcessingException e) {
      throw new BenchException(method + " " + path + " answered with invalid JSON: " + e, e);
    }
  }

  private byte[] serialise(Map<String, Object> object) {
    try {
      return json.writeValueAsBytes(object);
    } catch (JsonProcessingException e) {
      throw new BenchException("Cannot serialise " + object + ": " + e, e);
    }
  }

  private String send(String method, String path, String contentType, byte[] body) {
    URI uri = URI.create(server + path);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(TIMEOUT)
            .header("Content-Type", contentType)
            .header("Accept", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofByteArray(body));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    if (counter != null) {
      counter.record(method, uri);
    }
    try {
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() / 100 != 2) {
        throw new BenchException(
            method + " " + path + " failed with " + response.statusCode() + ": " + response.body());
      }
      return response.body();
    } catch (IOException e) {
      throw new BenchException(method + " " + path + " failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchException("Interrupted during " + method + " " + path, e);
    }
  }
}
