package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KubeClientsTest {

  private static final String KUBECONFIG =
      """
      apiVersion: v1
      kind: Config
      clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
      users: [{name: u, user: {token: t}}]
      contexts: [{name: x, context: {cluster: c, user: u, namespace: shop}}]
      current-context: x
      """;

  /** A watch's ERROR event must read as a Status, or a 410 Gone is never listed again. */
  @Test
  void aStatusReadsAsAStatusAndAnyOtherKindAsAGenericResource(@TempDir Path dir) throws Exception {
    Path kubeconfig = Files.writeString(dir.resolve("config"), KUBECONFIG);
    try (KubernetesClient client = KubeClients.create(kubeconfig, null)) {
      var serialization = client.getKubernetesSerialization();

      KubernetesResource status =
          serialization.unmarshal(
              "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"code\":410,\"reason\":\"Expired\"}",
              KubernetesResource.class);
      KubernetesResource deployment =
          serialization.unmarshal(
              "{\"kind\":\"Deployment\",\"apiVersion\":\"apps/v1\",\"metadata\":{\"name\":\"w\"}}",
              KubernetesResource.class);

      assertThat(status).isInstanceOf(Status.class);
      assertThat(((Status) status).getCode()).isEqualTo(410);
      assertThat(deployment).isInstanceOf(GenericKubernetesResource.class);
    }
  }
}
