package io.webserveroperator.lint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.util.Optional;

/** The OpenAPI v3 documents a cluster serves ({@code /openapi/v3/apis/<group>/<version>}). */
public final class ClusterSchemas {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ClusterSchemas() {}

  /** Schemas read from {@code client}'s cluster, one group-version when first needed. */
  public static OpenApiSchemas of(KubernetesClient client) {
    return new OpenApiSchemas(groupVersion -> fetch(client, groupVersion));
  }

  private static Optional<JsonNode> fetch(KubernetesClient client, String groupVersion) {
    String path = "/openapi/v3/" + (groupVersion.contains("/") ? "apis/" : "api/") + groupVersion;
    try {
      String text = client.raw(path);
      return text == null ? Optional.empty() : Optional.of(JSON.readTree(text));
    } catch (KubernetesClientException | IOException e) {
      throw new OperatorException(
          "Cannot read " + path + " from " + client.getMasterUrl() + ": " + e.getMessage(), e);
    }
  }
}
