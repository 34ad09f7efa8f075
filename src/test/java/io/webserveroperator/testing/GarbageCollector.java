package io.webserveroperator.testing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.dev.DevClusterException;
import io.webserveroperator.dev.KubeBinaries;
import io.webserveroperator.dev.ManagedProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * kube-controller-manager running only the garbage collector against the {@link KubeTestBed}, so
 * that objects whose owners are deleted go as they would in a real cluster. Started by {@link
 * KubeTestBed#withGarbageCollector()}.
 *
 * <p>It runs without leader election and serves nothing ({@code --secure-port=0}): no health port
 * to collide with a {@link io.webserveroperator.dev.LocalCluster} started by the same JVM, and so
 * no authentication or authorization kubeconfig either. It talks to the API server with the test
 * bed's admin kubeconfig, written to a temporary folder. Its output goes to {@code
 * target/kube-test-bed/kube-controller-manager-PID.log}, PID being the test JVM's.
 *
 * <p>Readiness is proven by collecting garbage: {@link #start} deletes a ConfigMap that owns
 * another in a namespace of its own and blocks until the owned one is gone too.
 */
final class GarbageCollector {

  private static final String NAME = "kube-controller-manager";
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);
  private static final Duration POLL = Duration.ofMillis(100);
  private static final Duration STOP_GRACE = Duration.ofSeconds(10);

  private final ManagedProcess process;
  private final Path folder;
  private Duration startupTime;

  private GarbageCollector(ManagedProcess process, Path folder) {
    this.process = process;
    this.folder = folder;
  }

  /**
   * Starts the garbage collector against the test bed and blocks until it has collected a probe
   * object, or stops it and throws a {@link DevClusterException} naming its log. Once ready, it is
   * stopped when the JVM exits.
   */
  static GarbageCollector start(KubeTestBed bed) {
    Instant started = Instant.now();
    Path binary = binaries().kubeControllerManager();
    if (!Files.isExecutable(binary)) {
      throw new DevClusterException(
          binary
              + " is missing, and the test bed's garbage collector needs it; run"
              + " hack/kube-binaries.sh (it needs Go) to build it.");
    }
    Path log =
        Project.file("target/kube-test-bed/" + NAME + "-" + ProcessHandle.current().pid() + ".log");
    Path folder;
    try {
      // ManagedProcess appends; a reused PID must not mix two runs in one log.
      Files.deleteIfExists(log);
      folder = Files.createTempDirectory("kube-test-bed-gc-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ManagedProcess process =
        ManagedProcess.start(NAME, command(binary, bed.writeKubeConfig(folder)), log);
    GarbageCollector collector = new GarbageCollector(process, folder);
    // Registered before the wait, so that a JVM exiting meanwhile leaves no process behind.
    Thread hook = new Thread(collector::stop, "garbage-collector-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      collector.awaitCollecting(bed);
    } catch (RuntimeException e) {
      collector.stop();
      Runtime.getRuntime().removeShutdownHook(hook);
      throw e;
    }
    collector.startupTime = Duration.between(started, Instant.now());
    return collector;
  }

  private static KubeBinaries binaries() {
    String version = System.getProperty("kubernetes.version");
    return version == null || version.isBlank()
        ? KubeBinaries.forBuildVersion()
        : KubeBinaries.forVersion(version);
  }

  private static List<String> command(Path binary, Path kubeconfig) {
    return List.of(
        binary.toString(),
        "--kubeconfig=" + kubeconfig,
        "--controllers=garbagecollector",
        "--leader-elect=false",
        "--secure-port=0",
        "--profiling=false");
  }

  /**
   * Deletes an owner ConfigMap and waits for the garbage collector to delete the ConfigMap it owns,
   * failing early if the process exits.
   */
  private void awaitCollecting(KubeTestBed bed) {
    KubernetesClient client = bed.client();
    String namespace = bed.newNamespace("gc-probe");
    ConfigMap owner = client.resource(configMap(namespace, "owner")).create();
    ConfigMap owned =
        configMap(namespace, "owned")
            .edit()
            .editMetadata()
            .addNewOwnerReference()
            .withApiVersion("v1")
            .withKind("ConfigMap")
            .withName(owner.getMetadata().getName())
            .withUid(owner.getMetadata().getUid())
            .endOwnerReference()
            .endMetadata()
            .build();
    client.resource(owned).create();
    client.resource(owner).withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();

    Instant deadline = Instant.now().plus(READY_TIMEOUT);
    while (client.resource(owned).get() != null) {
      process.requireAlive();
      if (Instant.now().isAfter(deadline)) {
        throw new DevClusterException(
            "The test bed's garbage collector did not delete ConfigMap/"
                + namespace
                + "/owned within "
                + READY_TIMEOUT.toSeconds()
                + " s of its owner's deletion; see its log "
                + process.log()
                + ":\n"
                + process.logTail(20));
      }
      sleep(POLL);
    }
  }

  private static ConfigMap configMap(String namespace, String name) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .endMetadata()
        .build();
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DevClusterException("Interrupted while waiting for the garbage collector.", e);
    }
  }

  /**
   * A line for the test output: how long it took from the start of the process until it collected
   * the probe object, and where its log is.
   */
  String summary() {
    return String.format(
        Locale.ROOT,
        "test bed: garbage collector ready in %.1f s; log %s",
        startupTime.toMillis() / 1000.0,
        process.log());
  }

  /** Stops the process and removes the kubeconfig folder; blocks until it has exited. */
  private void stop() {
    process.stop(STOP_GRACE);
    deleteFolder(folder);
  }

  private static void deleteFolder(Path folder) {
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not remove " + folder, e);
    }
  }
}
