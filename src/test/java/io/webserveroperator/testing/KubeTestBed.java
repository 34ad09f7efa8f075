package io.webserveroperator.testing;

import io.fabric8.kubeapitest.KubeAPIServer;
import io.fabric8.kubeapitest.KubeAPIServerConfigBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.ServiceCIDRBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.webserveroperator.dev.ComponentCommands;
import io.webserveroperator.kube.KubeClients;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One real kube-apiserver and etcd for every integration test in the JVM, started on first use and
 * stopped when the JVM exits. Tests isolate themselves with {@link #newNamespace(String)}. No
 * controller runs there unless a test asks: {@link #withGarbageCollector()} adds the garbage
 * collector.
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
  private GarbageCollector garbageCollector;

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
    return new KubernetesClientBuilder()
        .withConfig(Config.fromKubeconfig(kubeConfigYaml))
        .withHttpClientFactory(KubeClients.httpClients())
        .build();
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

  /**
   * Starts the garbage collector against the test bed on first call and blocks until it works:
   * until it has deleted a probe object whose owner was deleted (about 1.5 s on 2 cores); later
   * calls return at once. Without it nothing deletes the dependents of a deleted owner, since the
   * test bed runs no kube-controller-manager.
   *
   * <p>It is kube-controller-manager with {@code --controllers=garbagecollector} alone, its output
   * in {@code target/kube-test-bed/kube-controller-manager-PID.log} (PID being the test JVM's), and
   * it stops when the JVM exits. Once started it collects garbage for every later test of the JVM
   * too. It watches the kinds the API server serves when it starts; a kind added later, such as a
   * CRD installed afterwards, it finds on its next rediscovery, up to 30 s later, so call {@link
   * #withCrds()} first.
   *
   * @throws io.webserveroperator.dev.DevClusterException when the kube-controller-manager binary is
   *     missing (run {@code hack/kube-binaries.sh}), or it exits or collects nothing within two
   *     minutes; the message names its log
   */
  public synchronized KubeTestBed withGarbageCollector() {
    if (garbageCollector == null) {
      garbageCollector = GarbageCollector.start(this);
      System.out.println(garbageCollector.summary());
    }
    return this;
  }

  private void stop() {
    client.close();
    apiServer.stop();
  }
}
