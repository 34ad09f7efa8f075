package io.webserveroperator.testing;

import io.fabric8.kubeapitest.KubeAPIServer;
import io.fabric8.kubeapitest.KubeAPIServerConfigBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.ServiceCIDRBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.webserveroperator.dev.ComponentCommands;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One real kube-apiserver and etcd for every integration test in the JVM, started on first use and
 * stopped when the JVM exits. Tests isolate themselves with {@link #newNamespace(String)}.
 *
 * <p>The Kubernetes version comes from the {@code kubernetes.version} system property that Maven
 * sets from the pom, so kube-api-test finds the binaries that {@code hack/kube-binaries.sh} built,
 * or downloads that same version where it may.
 */
public final class KubeTestBed {

  private static final AtomicInteger NAMESPACES = new AtomicInteger();
  private static KubeTestBed instance;

  private final KubeAPIServer apiServer;
  private final String kubeConfigYaml;
  private final KubernetesClient client;
  private boolean crdsInstalled;

  private KubeTestBed() {
    var config = KubeAPIServerConfigBuilder.anAPIServerConfig().withUpdateKubeConfig(false);
    String version = System.getProperty("kubernetes.version");
    if (version != null && !version.isBlank()) {
      config.withApiServerVersion(version);
    }
    apiServer = new KubeAPIServer(config.build());
    apiServer.start();
    kubeConfigYaml = apiServer.getKubeConfigYaml();
    client = newClient();
    addServiceRange(client);
    Runtime.getRuntime().addShutdownHook(new Thread(this::stop, "kube-test-bed-stop"));
  }

  /**
   * kube-api-test's service range, a /24 it passes after any flag of ours, has room for 254
   * Services across every test of a run, and the sharding tests alone create 300. A second range,
   * as a ServiceCIDR object, is what a cluster administrator would add.
   */
  private static void addServiceRange(KubernetesClient client) {
    client
        .resource(
            new ServiceCIDRBuilder()
                .withNewMetadata()
                .withName("tests")
                .endMetadata()
                .withNewSpec()
                .withCidrs(ComponentCommands.SERVICE_CIDR)
                .endSpec()
                .build())
        .create();
  }

  /** The shared test bed; blocks until its API server answers on first call. */
  public static synchronized KubeTestBed get() {
    if (instance == null) {
      instance = new KubeTestBed();
    }
    return instance;
  }

  /** An admin client of the test bed, shared; do not close it. */
  public KubernetesClient client() {
    return client;
  }

  /** A new admin client, for tests that need their own (close it). */
  public KubernetesClient newClient() {
    return new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(kubeConfigYaml)).build();
  }

  /** The kubeconfig of the test bed, as YAML. */
  public String kubeConfigYaml() {
    return kubeConfigYaml;
  }

  /** Writes the kubeconfig to a file, for commands that take {@code --kubeconfig}. */
  public Path writeKubeConfig(Path folder) {
    try {
      return Files.writeString(folder.resolve("kubeconfig"), kubeConfigYaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Creates a fresh namespace whose name starts with the prefix. */
  public String newNamespace(String prefix) {
    String name = prefix + "-" + NAMESPACES.incrementAndGet() + "-" + ProcessHandle.current().pid();
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
        .create();
    return name;
  }

  /**
   * Installs the project's CRDs from {@code crds/} and waits until they are served; once per JVM,
   * since the files do not change while tests run.
   */
  public synchronized KubeTestBed withCrds() {
    if (!crdsInstalled) {
      Crds.install(client);
      crdsInstalled = true;
    }
    return this;
  }

  private void stop() {
    client.close();
    apiServer.stop();
  }
}
