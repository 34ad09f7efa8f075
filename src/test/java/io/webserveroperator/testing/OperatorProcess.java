package io.webserveroperator.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The operator as its own JVM ({@code java ... run}), so that a test can stop it with SIGTERM or
 * kill it with SIGKILL and the benchmark (bench/, which uses this class too) can measure it alone.
 * Its output goes to a log file. Its API requests are read from its {@code /metrics} ({@code
 * rest_client_requests_total}, the operator's {@link io.webserveroperator.kube.ApiRequestCounter}).
 * A shutdown hook stops it when this JVM exits first.
 */
public final class OperatorProcess implements AutoCloseable {

  /** The JVM flags of the image's ENTRYPOINT (see the Dockerfile; a test keeps them in step). */
  public static final List<String> IMAGE_JVM_FLAGS =
      List.of(
          "-XX:MaxRAMPercentage=75",
          "-XX:InitialRAMPercentage=5",
          "-XX:MinHeapFreeRatio=10",
          "-XX:MaxHeapFreeRatio=30",
          "-XX:+UseSerialGC",
          "-XX:TieredStopAtLevel=1",
          "-XX:ReservedCodeCacheSize=32m",
          "-Xss512k",
          "-XX:-UsePerfData",
          "-XX:+ExitOnOutOfMemoryError",
          "-Dio.netty.allocator.numDirectArenas=1");

  /** The environment the image's Dockerfile sets for the JVM (a test keeps them in step). */
  public static final Map<String, String> IMAGE_ENVIRONMENT = Map.of("MALLOC_ARENA_MAX", "2");

  private static final Duration STOP_GRACE = Duration.ofSeconds(30);
  private static final Pattern REQUESTS =
      Pattern.compile(
          "^rest_client_requests_total\\{operator=\"[^\"]*\",verb=\"(\\w+)\",?\\} ([0-9.eE+]+)$");
  private static final Pattern LEASE_REQUESTS =
      Pattern.compile(
          "^rest_client_lease_requests_total\\{operator=\"[^\"]*\",verb=\"(\\w+)\",?\\} ([0-9.eE+]+)$");
  private static final Pattern RING_SIZE =
      Pattern.compile("^webserver_operator_shard_ring_size\\{[^}]*\\} ([0-9.eE+]+)$");
  private static final Pattern RECONCILES =
      Pattern.compile("^controller_runtime_reconcile_total\\{[^}]*\\} ([0-9.eE+]+)$");
  private static final Pattern LOOKUP_REQUEUES =
      Pattern.compile("^webserver_operator_lookup_requeues_total\\{[^}]*\\} ([0-9.eE+]+)$");

  private final Process process;
  private final int healthPort;
  private final Path log;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final Thread shutdownHook = new Thread(this::close, "operator-process-stop");

  private OperatorProcess(Process process, int healthPort, Path log) {
    this.process = process;
    this.healthPort = healthPort;
    this.log = log;
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /**
   * Starts {@code java} with these arguments (JVM flags, {@code -jar JAR} or {@code -cp PATH MAIN},
   * then the operator's own, {@code run ... --health-port=PORT}) and this environment added to
   * ours. Returns at once; {@link #awaitReady} waits for the operator.
   *
   * @param healthPort the port its arguments or environment give it, {@link #freePort()} for one
   * @param log the file its standard output and error go to
   */
  public static OperatorProcess start(
      List<String> javaArguments, Map<String, String> environment, int healthPort, Path log) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(javaArguments);
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
      builder.environment().putAll(IMAGE_ENVIRONMENT);
      builder.environment().putAll(environment);
      Process process = builder.start();
      // Nothing writes to the operator's standard input; closing it keeps no pipe open.
      process.getOutputStream().close();
      return new OperatorProcess(process, healthPort, log);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start the operator: " + e.getMessage(), e);
    }
  }

  /** A port free on the loopback address right now, for {@code --health-port}. */
  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Blocks until its /readyz answers 200 (its caches have listed); fails at once when the process
   * exits, and after {@code timeout}.
   */
  public void awaitReady(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (status("/readyz") != 200) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "The operator exited with " + process.exitValue() + "; see its log " + log + ".");
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "The operator was not ready within " + timeout.toSeconds() + " s; see " + log);
      }
      sleep(Duration.ofMillis(200));
    }
  }

  /** The process id. */
  public long pid() {
    return process.pid();
  }

  /** The process, to read its CPU time and memory. */
  public ProcessHandle handle() {
    return process.toHandle();
  }

  /** Whether the process is still running. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * The HTTP status of a GET on its health port ({@code /readyz}, ...); 0 when it does not answer.
   */
  public int status(String path) {
    return get(path).map(HttpResponse::statusCode).orElse(0);
  }

  /** Its /metrics in the Prometheus text format. */
  public String metrics() {
    return get("/metrics")
        .filter(response -> response.statusCode() == 200)
        .map(HttpResponse::body)
        .orElseThrow(
            () -> new IllegalStateException("The operator's /metrics did not answer; see " + log));
  }

  /** Every API request the operator has sent so far, by verb, from its /metrics. */
  public RequestCounts requests() {
    RequestCounts counts = byVerb(metrics(), REQUESTS);
    if (counts.total() == 0) {
      throw new IllegalStateException("The operator's /metrics has no rest_client_requests_total.");
    }
    return counts;
  }

  /**
   * The requests of {@link #requests} that went to Leases (leader election, shard membership), by
   * verb; none from an operator too old to count them apart.
   */
  public RequestCounts leaseRequests() {
    return byVerb(metrics(), LEASE_REQUESTS);
  }

  /**
   * {@link #requests} less {@link #leaseRequests}, both from one reading of /metrics, so that a
   * Lease renewal between two readings cannot count as other work.
   */
  public RequestCounts requestsBesideLeases() {
    String metrics = metrics();
    return byVerb(metrics, REQUESTS).minus(byVerb(metrics, LEASE_REQUESTS));
  }

  /** The reconciles it has finished so far, whatever their result, from its /metrics. */
  public long reconciles() {
    return sum(metrics(), RECONCILES);
  }

  /**
   * The resources it has queued because an object their last render looked up changed, from its
   * /metrics.
   */
  public long lookupRequeues() {
    return sum(metrics(), LOOKUP_REQUEUES);
  }

  /** The live members of the shard ring as it sees them: 0 unless it leads a sharded operator. */
  public long ringSize() {
    return sum(metrics(), RING_SIZE);
  }

  private static RequestCounts byVerb(String metrics, Pattern pattern) {
    Map<String, Long> counts = new TreeMap<>();
    for (String line : metrics.split("\n")) {
      Matcher matcher = pattern.matcher(line.trim());
      if (matcher.matches()) {
        counts.put(matcher.group(1), (long) Double.parseDouble(matcher.group(2)));
      }
    }
    return new RequestCounts(counts);
  }

  private static long sum(String metrics, Pattern pattern) {
    long total = 0;
    for (String line : metrics.split("\n")) {
      Matcher matcher = pattern.matcher(line.trim());
      if (matcher.matches()) {
        total += (long) Double.parseDouble(matcher.group(1));
      }
    }
    return total;
  }

  /** Its log so far; empty while it has written nothing. */
  public String log() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "";
    }
  }

  /**
   * SIGTERM, as Kubernetes stops a pod, and waits until it has ended; SIGKILL after 30 s.
   *
   * @return whether it ended on SIGTERM
   */
  public boolean stop() {
    process.destroy();
    try {
      if (process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        return true;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    kill();
    return false;
  }

  /** SIGKILL: no shutdown hook runs, nothing in flight is finished. Waits until it is gone. */
  public void kill() {
    process.destroyForcibly();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException(
            "The operator (pid " + pid() + ") survived SIGKILL for 10 s.");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(
          "Interrupted while waiting for the killed operator to end", e);
    }
  }

  /** {@link #stop}; idempotent. */
  @Override
  public void close() {
    if (Thread.currentThread() != shutdownHook) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // The JVM is shutting down and runs the hook, which stops the process too.
      }
    }
    if (process.isAlive()) {
      stop();
    }
  }

  @Override
  public String toString() {
    return "operator (pid " + pid() + ", health port " + healthPort + ", log " + log + ")";
  }

  public static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted", e);
    }
  }

  /** A GET on its health port; empty when it does not answer (not started, or gone). */
  private Optional<HttpResponse<String>> get(String path) {
    try {
      return Optional.of(
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + healthPort + path))
                  .timeout(Duration.ofSeconds(10))
                  .build(),
              HttpResponse.BodyHandlers.ofString()));
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
