package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.webserveroperator.kube.KubeClients;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.ShippedPostgres;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dev} brings up a cluster with the CRDs, the samples (a WebServer and a Postgres, whose
 * claims its default StorageClass binds) and the operator, and tears it all down when stopped, the
 * volumes' folders too.
 */
class DevCommandIT {

  /**
   * Longer than {@link Waits#TIMEOUT}: dev starts etcd, kube-apiserver, kube-controller-manager,
   * kube-scheduler and kwok before it writes the kubeconfig.
   */
  static final Duration CLUSTER_START = Duration.ofSeconds(120);

  @TempDir Path work;

  @Test
  void runsTheSamplesToReadyAndRemovesEverythingWhenInterrupted() throws Exception {
    LocalClusterBinaries.assumePresent();
    Path kubeconfig = work.resolve("dev.kubeconfig");
    Path templates = TemplateFolder.copyInto(work.resolve("templates"));
    StringWriter output = new StringWriter();
    AtomicInteger exitCode = new AtomicInteger(-1);
    List<Path> volumes = new ArrayList<>();
    Thread dev =
        new Thread(
            () -> {
              var commandLine = Main.commandLine();
              commandLine.setOut(new PrintWriter(output, true));
              exitCode.set(
                  commandLine.execute(
                      "dev",
                      "--templates",
                      templates.toString(),
                      "--crds",
                      Project.file("crds").toString(),
                      "--samples",
                      Project.file("samples").toString(),
                      "--kubeconfig-out",
                      kubeconfig.toString()));
            },
            "dev-command");
    dev.start();
    try {
      Waits.until(
          Waits.await("dev's kubeconfig " + kubeconfig).atMost(CLUSTER_START),
          () -> Files.exists(kubeconfig),
          exists -> exists);
      Waits.until("dev's output", () -> output.toString(), seen -> seen.contains("Ctrl-C"));

      try (KubernetesClient client =
          new KubernetesClientBuilder()
              .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
              .withHttpClientFactory(KubeClients.httpClients())
              .build()) {
        GenericKubernetesResource sample =
            client
                .genericKubernetesResources(WebServers.KIND)
                .inNamespace("default")
                .withName("my-nginx-app")
                .get();
        assertThat(sample).isNotNull();
        assertThat(sample.getMetadata().getManagedFields())
            .anyMatch(f -> "webserver-operator-dev".equals(f.getManager()));
        // The operator in dev drives the sample to 2 of 2 available, from the real Deployment.
        WebServers webServers = new WebServers(client, "default");
        Waits.untilAsserted(
            () -> {
              assertThat(webServers.status("my-nginx-app")).containsEntry("availableReplicas", 2);
              assertThat(webServers.condition("my-nginx-app", "Ready"))
                  .hasValueSatisfying(ready -> assertThat(ready).containsEntry("status", "True"));
            });

        // The second sample, a Postgres: its claims bound in the cluster's default StorageClass,
        // its hooks run, Ready with its endpoint.
        WebServers postgres = ShippedPostgres.in(client, "default");
        Waits.untilAsserted(
            () -> {
              assertThat(postgres.condition("my-postgres", "Ready"))
                  .hasValueSatisfying(ready -> assertThat(ready).containsEntry("status", "True"));
              assertThat(postgres.status("my-postgres"))
                  .containsEntry("endpoint", "my-postgres.default.svc:5432");
            });
        client.persistentVolumes().list().getItems().stream()
            .map(volume -> Path.of(volume.getSpec().getHostPath().getPath()))
            .forEach(volumes::add);
        assertThat(volumes)
            .as("the folders of the claims' volumes")
            .hasSize(2)
            .allMatch(Files::isDirectory);

        // A save that stops rendering the Service: dev says so before the operator prunes it.
        Files.delete(templates.resolve("webserver/service.yaml.j2"));
        Waits.untilAsserted(
            () ->
                assertThat(output.toString())
                    .contains(
                        "templates changed: 1 object would be pruned (Service"
                            + " default/my-nginx-app-service)\n"));
        Waits.until(
            "the Service my-nginx-app-service",
            () -> client.services().inNamespace("default").withName("my-nginx-app-service").get(),
            Objects::isNull);
      }
      assertThat(output.toString())
          .contains("etcd ready (")
          .contains("applied CustomResourceDefinition webservers.webapp.example.com")
          .contains("applied WebServer default/my-nginx-app")
          .contains("applied Postgres default/my-postgres")
          .contains("export KUBECONFIG=" + kubeconfig);
    } finally {
      dev.interrupt();
      dev.join(Duration.ofSeconds(60).toMillis());
    }

    assertThat(dev.isAlive()).isFalse();
    assertThat(exitCode).hasValue(0);
    assertThat(kubeconfig).doesNotExist();
    assertThat(volumes).as("the volumes' folders, gone with the cluster").noneMatch(Files::exists);
  }
}
