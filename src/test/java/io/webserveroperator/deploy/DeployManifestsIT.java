package io.webserveroperator.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.testing.Kustomize;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.Waits;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code kubectl kustomize deploy/} builds, and a real control plane accepts all of it: the
 * namespace enforces the restricted Pod Security Standard, so the operator's pods are only created
 * when they meet it. kwok stands in for the kubelet, so no image is pulled.
 */
class DeployManifestsIT {

  static final String NAMESPACE = "webserver-operator-system";

  @Test
  void kustomizationAppliesAndBothOperatorPodsPassRestrictedAdmission() throws Exception {
    assumeTrue(
        Files.exists(Project.file("templates/watches.yaml")), "templates/ is not in this checkout");
    LocalClusterBinaries.assumePresent();
    try (LocalCluster cluster =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder().nodes(2).progress(line -> {}).build())) {
      KubernetesClient client = cluster.client();
      new FolderApplier(client, Duration.ofSeconds(30)).apply(Project.file("crds"));

      for (HasMetadata object : Kustomize.build(client, "deploy")) {
        client.resource(object).fieldManager("deploy-it").forceConflicts().serverSideApply();
      }

      Waits.untilAsserted(
          () -> {
            Deployment operator =
                client
                    .apps()
                    .deployments()
                    .inNamespace(NAMESPACE)
                    .withName("webserver-operator")
                    .get();
            assertThat(operator.getStatus().getAvailableReplicas()).isEqualTo(2);
          });
      var configMaps = client.configMaps().inNamespace(NAMESPACE).list().getItems();
      assertThat(configMaps)
          .filteredOn(c -> c.getMetadata().getName().startsWith("webserver-operator-templates-"))
          .singleElement()
          .satisfies(c -> assertThat(c.getData()).containsKey("watches.yaml"));
    }
  }
}
