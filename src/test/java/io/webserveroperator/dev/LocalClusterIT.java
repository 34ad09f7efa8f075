package io.webserveroperator.dev;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A local cluster runs Deployments to Available, collects garbage and leaves nothing behind. */
class LocalClusterIT {

  @Test
  void runsDeploymentToAvailableCollectsGarbageAndStopsEverything() throws Exception {
    LocalClusterBinaries.assumePresent();
    List<String> progress = new ArrayList<>();
    LocalCluster cluster =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder()
                .nodes(2)
                .progress(
                    line -> {
                      progress.add(line);
                      System.out.println("local cluster: " + line);
                    })
                .build());
    Path folder = cluster.layout().root();
    List<ProcessHandle> processes = cluster.processes();
    try {
      KubernetesClient client = cluster.client();
      assertThat(progress).anyMatch(line -> line.startsWith("etcd ready ("));
      assertThat(progress).last().asString().startsWith("local cluster ready (");
      assertThat(Files.readString(cluster.kubeconfigPath()))
          .contains(cluster.layout().apiServerUrl());
      assertThat(client.nodes().list().getItems()).hasSize(2);

      client.resource(deployment("web", 2)).create();

      Waits.untilAsserted(
          () -> {
            Deployment live =
                client.apps().deployments().inNamespace("default").withName("web").get();
            assertThat(live.getStatus().getAvailableReplicas()).isEqualTo(2);
          });
      assertThat(client.apps().replicaSets().inNamespace("default").list().getItems()).hasSize(1);
      assertThat(client.pods().inNamespace("default").list().getItems())
          .allSatisfy(pod -> assertThat(pod.getStatus().getPhase()).isEqualTo("Running"));

      client.apps().deployments().inNamespace("default").withName("web").delete();

      Waits.untilAsserted(
          () -> {
            assertThat(client.apps().replicaSets().inNamespace("default").list().getItems())
                .isEmpty();
            assertThat(client.pods().inNamespace("default").list().getItems()).isEmpty();
          });
    } finally {
      cluster.close();
    }

    assertThat(processes).hasSize(5).noneMatch(ProcessHandle::isAlive);
    assertThat(ProcessHandle.current().descendants())
        .noneMatch(p -> p.info().commandLine().orElse("").contains(folder.toString()));
    assertThat(folder).doesNotExist();
  }

  private static Deployment deployment(String name, int replicas) {
    Map<String, String> labels = Map.of("app", name);
    return new DeploymentBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("default")
        .endMetadata()
        .withNewSpec()
        .withReplicas(replicas)
        .withNewSelector()
        .withMatchLabels(labels)
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName("nginx")
        .withImage("nginx:1.27")
        .endContainer()
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }
}
