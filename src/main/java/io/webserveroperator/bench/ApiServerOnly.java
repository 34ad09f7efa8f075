package io.webserveroperator.bench;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.webserveroperator.dev.ClusterLayout;
import io.webserveroperator.dev.ComponentCommands;
import io.webserveroperator.dev.KubeBinaries;
import io.webserveroperator.dev.KubeConfig;
import io.webserveroperator.kube.ApiRequestCounter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * etcd and kube-apiserver alone, with the command lines of {@link
 * io.webserveroperator.dev.LocalCluster}: the benchmark measures the operator against the API
 * server, and the controller manager, scheduler and kwok would only add pods, ReplicaSets and
 * Deployment status updates that compete for the same CPUs and change what is measured.
 *
 * <p>{@link #start} blocks until the API server is ready; {@link #close} stops both processes and
 * removes the folder.
 */
public final class ApiServerOnly implements AutoCloseable {

  private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

  private final ClusterLayout layout;
  private final List<Process> processes = new ArrayList<>();
  private final Thread shutdownHook = new Thread(this::close, "bench-api-server-stop");
  private KubeConfig kubeConfig;
  private KubernetesClient client;
  private boolean closed;

  private ApiServerOnly(ClusterLayout layout) {
    this.layout = layout;
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /** Starts etcd and kube-apiserver from the binaries and waits for the API server's /readyz. */
  public static ApiServerOnly start(KubeBinaries binaries) {
    ApiServerOnly server;
    try {
      server =
          new ApiServerOnly(
              ClusterLayout.withFreePorts(Files.createTempDirectory("webserver-operator-bench-")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      server.boot(new ComponentCommands(binaries, server.layout));
      return server;
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
  }

  private void boot(ComponentCommands commands) {
    String token = writeFiles();
    launch("etcd", commands.etcd());
    Process apiServer = launch("kube-apiserver", commands.apiServer());
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (!Files.exists(layout.apiServerCertificate())) {
      awaitStep(apiServer, deadline);
    }
    try {
      String ca = Files.readString(layout.apiServerCertificate(), StandardCharsets.US_ASCII);
      kubeConfig = new KubeConfig(URI.create(layout.apiServerUrl()), ca, token);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    kubeConfig.write(layout.kubeconfig());
    client = newClient();
    while (!ready()) {
      awaitStep(apiServer, deadline);
    }
  }

  private boolean ready() {
    try {
      return "ok".equals(client.raw(layout.apiServerUrl() + "/readyz"));
    } catch (RuntimeException e) {
      return false;
    }
  }

  private void awaitStep(Process apiServer, long deadline) {
    for (Process process : processes) {
      if (!process.isAlive()) {
        throw new BenchException(
            "A control-plane process exited with " + process.exitValue() + "; see " + logs());
      }
    }
    if (System.nanoTime() > deadline) {
      throw new BenchException(
          "kube-apiserver was not ready within "
              + READY_TIMEOUT.toSeconds()
              + " s (pid "
              + apiServer.pid()
              + "); see "
              + logs());
    }
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchException("Interrupted while the API server started.", e);
    }
  }

  /** Writes the service-account key and the admin token file; returns the token. */
  private String writeFiles() {
    try {
      Files.createDirectories(layout.certDir());
      Files.createDirectories(layout.log("etcd").getParent());
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      byte[] pkcs8 = generator.generateKeyPair().getPrivate().getEncoded();
      Files.writeString(
          layout.serviceAccountKey(),
          "-----BEGIN PRIVATE KEY-----\n"
              + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(pkcs8)
              + "\n-----END PRIVATE KEY-----\n",
          StandardCharsets.US_ASCII);
      byte[] secret = new byte[32];
      new SecureRandom().nextBytes(secret);
      String token = HexFormat.of().formatHex(secret);
      Files.writeString(layout.tokenFile(), token + ",admin,admin,\"system:masters\"\n");
      return token;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("The JVM offers no RSA key generator.", e);
    }
  }

  private Process launch(String name, List<String> command) {
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(layout.log(name).toFile())
              .start();
      processes.add(process);
      return process;
    } catch (IOException e) {
      throw new BenchException("Cannot start " + command.get(0) + ": " + e.getMessage(), e);
    }
  }

  private Path logs() {
    return layout.log("etcd").getParent();
  }

  /** The kubeconfig file of the admin user; removed on close. */
  public Path kubeconfigPath() {
    return layout.kubeconfig();
  }

  /** The admin client; owned by this object, do not close it. */
  public KubernetesClient client() {
    return client;
  }

  /** A new admin client with its own connections, tuned for many requests at once; close it. */
  public KubernetesClient newClient() {
    return newClient(null);
  }

  /** The same, with every request counted by {@code counter} (when not null). */
  public KubernetesClient newClient(ApiRequestCounter counter) {
    Config config = Config.fromKubeconfig(kubeConfig.toYaml());
    config.setMaxConcurrentRequests(256);
    config.setMaxConcurrentRequestsPerHost(256);
    var builder = new KubernetesClientBuilder().withConfig(config);
    if (counter != null) {
      builder.withHttpClientBuilderConsumer(
          http -> http.addOrReplaceInterceptor("request-counter", counter));
    }
    return builder.build();
  }

  /** The process ids of etcd and kube-apiserver, to read their memory. */
  public List<Long> pids() {
    return processes.stream().map(Process::pid).toList();
  }

  /** Stops the API server, then etcd, and removes the folder; idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (client != null) {
      client.close();
    }
    for (int i = processes.size() - 1; i >= 0; i--) {
      stop(processes.get(i));
    }
    try (Stream<Path> paths = Files.walk(layout.root())) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot remove " + layout.root(), e);
    }
    if (Thread.currentThread() != shutdownHook) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // The JVM is shutting down and runs the hook, which returns early.
      }
    }
  }

  private static void stop(Process process) {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
