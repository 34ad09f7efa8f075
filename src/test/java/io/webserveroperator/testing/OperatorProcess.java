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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The operator as a child JVM ({@code run --kubeconfig ...}), so that a test can kill it with
 * SIGKILL: no shutdown hook, no Lease release, nothing in flight finished. Its log goes to a file;
 * its /metrics endpoint tells how many writes it sent.
 */
public final class OperatorProcess implements AutoCloseable {

  private static final Pattern REQUESTS =
      Pattern.compile("rest_client_requests_total\\{verb=\"(\\w+)\"\\} (\\S+)");
  private static final List<String> WRITE_VERBS = List.of("create", "update", "patch", "delete");

  private final String name;
  private final Process process;
  private final Path log;
  private final int healthPort;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private OperatorProcess(String name, Process process, Path log, int healthPort) {
    this.name = name;
    this.process = process;
    this.log = log;
    this.healthPort = healthPort;
  }

  /**
   * Starts {@code java -cp ... Main run} on one namespace with 2 workers, from the packaged jar
   * when the build made one, else from this JVM's classpath.
   */
  public static OperatorProcess start(
      String name,
      Path kubeconfig,
      Path templates,
      String namespace,
      boolean leaderElection,
      Path folder) {
    int port = freePort();
    List<String> args =
        List.of(
            "run",
            "--kubeconfig=" + kubeconfig,
            "--templates=" + templates,
            "--namespace=" + namespace,
            "--workers=2",
            "--health-port=" + port,
            "--lease-namespace=" + namespace,
            leaderElection ? "--leader-elect" : "--no-leader-elect");
    return start(name, args, Map.of(), port, folder);
  }

  /**
   * Starts the operator's main class with exactly these arguments and extra environment, for tests
   * that take them from deploy/; {@code healthPort} is where its /healthz will be.
   */
  public static OperatorProcess start(
      String name, List<String> args, Map<String, String> env, int healthPort, Path folder) {
    Path jar = Project.file("target/webserver-operator.jar");
    String classpath =
        Files.isRegularFile(jar) ? jar.toString() : System.getProperty("java.class.path");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", classpath));
    command.add("io.webserveroperator.cli.Main");
    command.addAll(args);
    Path log = folder.resolve(name + ".log");
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.to(log.toFile()));
      builder.environment().putAll(env);
      Process process = builder.start();
      process.getOutputStream().close();
      return new OperatorProcess(name, process, log, healthPort);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A port free on 127.0.0.1 right now. */
  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether its {@code leader_election_master_status} gauge says it holds the Lease now. */
  public boolean holdsLease() {
    return body("/metrics")
        .contains("leader_election_master_status{name=\"webserver-operator\"} 1.0");
  }

  /** The HTTP status of a GET on its health port; 0 when it does not answer. */
  public int status(String path) {
    return get(path).map(HttpResponse::statusCode).orElse(0);
  }

  /** The body of a GET on its health port; empty when it does not answer. */
  public String body(String path) {
    return get(path).map(HttpResponse::body).orElse("");
  }

  /** SIGTERM, as the kubelet stops a pod, and wait until the process has ended. */
  public void stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException(name + " did not stop within 30 s of SIGTERM");
    }
  }

  /** Whether /readyz answers 200: the informers have listed. */
  public boolean ready() {
    return get("/readyz").map(r -> r.statusCode() == 200).orElse(false);
  }

  /** Whether it logged that it took the Lease and started its workers. */
  public boolean leading() {
    return log().contains("Starting 2 workers");
  }

  /** Writes (create, update, patch, delete) it sent, from its /metrics; -1 when unreachable. */
  public long writes() {
    var response = get("/metrics");
    if (response.isEmpty() || response.get().statusCode() != 200) {
      return -1;
    }
    long writes = 0;
    Matcher matcher = REQUESTS.matcher(response.get().body());
    while (matcher.find()) {
      if (WRITE_VERBS.contains(matcher.group(1))) {
        writes += (long) Double.parseDouble(matcher.group(2));
      }
    }
    return writes;
  }

  /** SIGKILL, and wait until the process is gone. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      throw new IllegalStateException(name + " survived SIGKILL");
    }
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** Its log so far. */
  public String log() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "";
    }
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      kill();
    }
  }

  @Override
  public String toString() {
    return name + " (pid " + process.pid() + ", health port " + healthPort + ")";
  }

  private Optional<HttpResponse<String>> get(String path) {
    try {
      return Optional.of(
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + healthPort + path))
                  .timeout(Duration.ofSeconds(2))
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
