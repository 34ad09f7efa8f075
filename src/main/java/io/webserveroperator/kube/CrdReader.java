package io.webserveroperator.kube;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.Optional;

/** Reads a CustomResourceDefinition as the API server serves it, as plain maps. */
public final class CrdReader {

  private final KubernetesClient client;

  public CrdReader(KubernetesClient client) {
    this.client = client;
  }

  /**
   * The CRD of that name ({@code postgreses.db.test.example.com}); empty when there is none, as for
   * a kind an aggregated API server serves.
   *
   * @throws io.fabric8.kubernetes.client.KubernetesClientException when the API server refuses the
   *     read (403: no get on customresourcedefinitions) or cannot be reached
   */
  public Optional<Map<String, Object>> read(String name) {
    return Optional.ofNullable(
            client
                .genericKubernetesResources("apiextensions.k8s.io/v1", "CustomResourceDefinition")
                .withName(name)
                .get())
        .map(crd -> ResourceMaps.of(client.getKubernetesSerialization(), crd));
  }
}
