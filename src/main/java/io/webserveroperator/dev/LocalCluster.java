package io.webserveroperator.dev;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.webserveroperator.kube.KubeClients;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * A real Kubernetes control plane on 127.0.0.1 (etcd, kube-apiserver, kube-controller-manager,
 * kube-scheduler) with kwok as the kubelet of fake nodes, so Deployments get ReplicaSets, Pods
 * become Running and Ready, claims are bound ({@link HostPathStorage}), and the garbage collector
 * works. No container ever runs.
 *
 * <p>{@link #start} blocks until every component is ready. {@link #close} stops every process and
 * removes the temporary folder; a shutdown hook does the same if the JVM exits first. The admin
 * client is thread-safe and owned by the cluster.
 */
public final class LocalCluster implements AutoCloseable {

  private static final String API_SERVER = "kube-apiserver";
  private static final String STAGES_RESOURCE = "kwok-stages.yaml";
  private static final Duration STOP_GRACE = Duration.ofSeconds(10);

  private final LocalClusterOptions options;
  private final ClusterLayout layout;
  private final List<ManagedProcess> processes = new ArrayList<>();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Thread shutdownHook;
  private KubeConfig kubeConfig;
  private KubernetesClient client;
  private Duration startupTime;

  private LocalCluster(LocalClusterOptions options, ClusterLayout layout) {
    this.options = options;
    this.layout = layout;
    this.shutdownHook = new Thread(this::close, "local-cluster-stop");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /** Starts a cluster with {@link LocalClusterOptions#defaults()}. */
  public static LocalCluster start() {
    return start(LocalClusterOptions.defaults());
  }

  /**
   * Starts a cluster and blocks until it is ready; on failure stops whatever had started and throws
   * a {@link DevClusterException} that quotes the failing component's log.
   */
  public static LocalCluster start(LocalClusterOptions options) {
    options.binaries().requireAll();
    Path root;
    try {
      root = Files.createTempDirectory("webserver-operator-dev-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    LocalCluster cluster = new LocalCluster(options, ClusterLayout.onFreePorts(root));
    try {
      cluster.boot();
      return cluster;
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  private void boot() {
    Instant started = Instant.now();
    ComponentCommands commands = new ComponentCommands(options.binaries(), layout);
    HealthProbe probe = new HealthProbe();
    Duration timeout = options.componentTimeout();
    String token = prepareFiles();

    Instant step = Instant.now();
    ManagedProcess etcd = launch("etcd", commands.etcd());
    probe.awaitHealthy(etcd, URI.create(layout.etcdUrl() + "/health"), timeout);
    report("etcd ready", step);

    step = Instant.now();
    ManagedProcess apiServer = launch(API_SERVER, commands.apiServer());
    probe.awaitHealthy(apiServer, URI.create(layout.apiServerUrl() + "/readyz"), timeout);
    kubeConfig = new KubeConfig(URI.create(layout.apiServerUrl()), readCaPem(), token);
    kubeConfig.write(layout.kubeconfig());
    client =
        new KubernetesClientBuilder()
            .withConfig(config())
            .withHttpClientFactory(KubeClients.httpClients())
            .build();
    report("kube-apiserver ready on " + layout.apiServerUrl(), step);
    if (options.apiServerOnly()) {
      startupTime = Duration.between(started, Instant.now());
      return;
    }

    step = Instant.now();
    ManagedProcess controllerManager =
        launch("kube-controller-manager", commands.controllerManager());
    ManagedProcess scheduler = launch("kube-scheduler", commands.scheduler());
    probe.awaitHealthy(controllerManager, healthz(layout.controllerManagerPort()), timeout);
    awaitDefaultServiceAccount(controllerManager, timeout);
    HostPathStorage.install(client);
    report("kube-controller-manager ready, StorageClass " + HostPathStorage.CLASS, step);
    probe.awaitHealthy(scheduler, healthz(layout.schedulerPort()), timeout);
    report("kube-scheduler ready", step);

    step = Instant.now();
    ManagedProcess kwok = launch("kwok", commands.kwok());
    FakeNodes nodes = new FakeNodes(client);
    nodes.awaitReady(nodes.register(options.nodes()), kwok, timeout);
    report("kwok ready with " + options.nodes() + " fake node(s)", step);

    startupTime = Duration.between(started, Instant.now());
    report("local cluster ready", started);
  }

  private static final String AUDIT_POLICY =
      """
      apiVersion: audit.k8s.io/v1
      kind: Policy
      omitStages: [RequestReceived]
      rules:
      - level: Metadata
        userGroups: ["system:serviceaccounts"]
      - level: None
      """;

  /**
   * Writes the service-account key, the admin token file, the audit policy and kwok's stages;
   * returns the token.
   */
  private String prepareFiles() {
    try {
      Files.createDirectories(layout.certDir());
      ServiceAccountKey.write(layout.serviceAccountKey());
      byte[] secret = new byte[32];
      new SecureRandom().nextBytes(secret);
      String token = HexFormat.of().formatHex(secret);
      Files.writeString(
          layout.tokenFile(), token + ",admin,admin,\"system:masters\"\n", StandardCharsets.UTF_8);
      // Only ServiceAccounts are audited: what an operator under its own identity asks for, with
      // the authorisation decision, and nothing for the admin's (and benchmarks') requests.
      Files.writeString(layout.auditPolicy(), AUDIT_POLICY, StandardCharsets.UTF_8);
      try (InputStream stages = LocalCluster.class.getResourceAsStream(STAGES_RESOURCE)) {
        if (stages == null) {
          throw new DevClusterException(
              "The resource " + STAGES_RESOURCE + " is missing from the classpath.");
        }
        Files.copy(stages, layout.kwokConfig(), StandardCopyOption.REPLACE_EXISTING);
      }
      return token;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String readCaPem() {
    try {
      return Files.readString(layout.apiServerCertificate(), StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new DevClusterException(
          "kube-apiserver is ready but its certificate "
              + layout.apiServerCertificate()
              + " is unreadable: "
              + e.getMessage(),
          e);
    }
  }

  /**
   * Pods need their namespace's default ServiceAccount, which the controller manager creates; in
   * the default namespace it must exist before anything is deployed there.
   */
  private void awaitDefaultServiceAccount(ManagedProcess controllerManager, Duration timeout) {
    Instant deadline = Instant.now().plus(timeout);
    while (client.serviceAccounts().inNamespace("default").withName("default").get() == null) {
      controllerManager.requireAlive();
      if (Instant.now().isAfter(deadline)) {
        throw new DevClusterException(
            "kube-controller-manager did not create the default ServiceAccount within "
                + timeout.toSeconds()
                + " s; see its log "
                + controllerManager.log()
                + ".");
      }
      HealthProbe.sleep(Duration.ofMillis(100));
    }
  }

  private ManagedProcess launch(String name, List<String> command) {
    ManagedProcess process = ManagedProcess.start(name, command, layout.log(name));
    processes.add(process);
    return process;
  }

  private static URI healthz(int port) {
    return URI.create("https://" + ClusterLayout.HOST + ":" + port + "/healthz");
  }

  private void report(String what, Instant since) {
    double seconds = Duration.between(since, Instant.now()).toMillis() / 1000.0;
    options.progress().accept(String.format(Locale.ROOT, "%s (%.1f s)", what, seconds));
  }

  /** The kubeconfig file inside the cluster's folder; it is removed on close. */
  public Path kubeconfigPath() {
    return layout.kubeconfig();
  }

  /** The kubeconfig, to write elsewhere or to build clients from. */
  public KubeConfig kubeConfig() {
    return kubeConfig;
  }

  /** A fabric8 configuration for the admin user. */
  public Config config() {
    return Config.fromKubeconfig(kubeConfig.toYaml());
  }

  /** The admin client; owned by the cluster, do not close it. */
  public KubernetesClient client() {
    return client;
  }

  /** Where the binaries are; {@code binaries().kubectl()} is the kubectl to point users to. */
  public KubeBinaries binaries() {
    return options.binaries();
  }

  /** The folder, ports and file names of this cluster. */
  public ClusterLayout layout() {
    return layout;
  }

  /** How long {@link #start} took until everything was ready. */
  public Duration startupTime() {
    return startupTime;
  }

  /** The handles of the component processes, in start order. */
  public List<ProcessHandle> processes() {
    return processes.stream().map(ManagedProcess::handle).toList();
  }

  /**
   * Stops kube-apiserver alone, as a crash or an upgrade would; etcd keeps every object, and the
   * other components retry until {@link #startApiServer} brings it back. Blocks until it exited.
   */
  public synchronized void stopApiServer() {
    process(API_SERVER).stop(STOP_GRACE);
  }

  /**
   * Starts kube-apiserver again on the same port with the same flags, certificates and etcd, after
   * {@link #stopApiServer}; blocks until it is ready. Clients built before keep working.
   */
  public synchronized void startApiServer() {
    ManagedProcess old = process(API_SERVER);
    if (old.isAlive()) {
      throw new IllegalStateException("kube-apiserver is running; stop it first.");
    }
    ManagedProcess apiServer =
        ManagedProcess.start(
            API_SERVER,
            new ComponentCommands(options.binaries(), layout).apiServer(),
            layout.log(API_SERVER));
    processes.set(processes.indexOf(old), apiServer);
    new HealthProbe()
        .awaitHealthy(
            apiServer, URI.create(layout.apiServerUrl() + "/readyz"), options.componentTimeout());
  }

  /**
   * Compacts etcd's history up to its current revision through etcd's JSON gateway, so that a watch
   * resuming from an older resource version gets 410 Gone. Returns that revision.
   */
  public long compactEtcd() {
    String root = Base64.getEncoder().encodeToString("/".getBytes(StandardCharsets.UTF_8));
    JsonNode range = etcd("/v3/kv/range", "{\"key\":\"" + root + "\",\"limit\":1}");
    long revision = range.path("header").path("revision").asLong();
    etcd("/v3/kv/compaction", "{\"revision\":\"" + revision + "\",\"physical\":true}");
    return revision;
  }

  private JsonNode etcd(String path, String body) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(layout.etcdUrl() + path))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .header("Content-Type", "application/json")
            .build();
    try {
      HttpResponse<String> response =
          HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new DevClusterException(
            "etcd answered " + path + " with " + response.statusCode() + ": " + response.body());
      }
      return new ObjectMapper().readTree(response.body());
    } catch (IOException e) {
      throw new DevClusterException("etcd did not answer " + path + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DevClusterException("Interrupted while calling etcd " + path + ".", e);
    }
  }

  private ManagedProcess process(String name) {
    return processes.stream()
        .filter(p -> p.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException(name + " was never started."));
  }

  /**
   * Stops every component in reverse start order and removes the folder and the folders of the
   * claims' volumes; idempotent.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    List<Path> volumes = List.of();
    if (client != null) {
      volumes = options.apiServerOnly() ? volumes : HostPathStorage.folders(client);
      client.close();
    }
    for (int i = processes.size() - 1; i >= 0; i--) {
      processes.get(i).stop(STOP_GRACE);
    }
    HostPathStorage.remove(volumes);
    deleteFolder(layout.root());
    if (Thread.currentThread() != shutdownHook) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // The JVM is already shutting down; the hook is running or about to, and will return early.
      }
    }
  }

  private static void deleteFolder(Path folder) {
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not remove the local cluster's folder " + folder, e);
    }
  }
}
