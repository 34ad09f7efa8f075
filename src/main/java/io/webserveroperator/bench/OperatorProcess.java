package io.webserveroperator.bench;

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
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The operator as its own JVM, {@code java FLAGS -jar webserver-operator.jar run}, with the JVM
 * flags of the image, so that its resident memory is the operator's alone. Its API requests are
 * read from its {@code /metrics} ({@code rest_client_requests_total}, the operator's {@link
 * io.webserveroperator.kube.ApiRequestCounter}); its memory from {@code /proc/PID/status} and, for
 * the heap after a full collection, from {@code jcmd}.
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
          "-XX:+ExitOnOutOfMemoryError");

  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
  private static final Pattern REQUESTS =
      Pattern.compile("^rest_client_requests_total\\{verb=\"(\\w+)\",?\\} ([0-9.eE+]+)$");
  private static final Pattern GENERATION_USED =
      Pattern.compile("generation\\s+total \\d+K, used (\\d+)K");

  private final Process process;
  private final int healthPort;
  private final Path log;
  private final HttpClient http = HttpClient.newHttpClient();
  private final Thread shutdownHook = new Thread(this::close, "bench-operator-stop");

  private OperatorProcess(Process process, int healthPort, Path log) {
    this.process = process;
    this.healthPort = healthPort;
    this.log = log;
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /**
   * Starts {@code run} on one namespace and blocks until its /readyz answers 200 (its caches have
   * listed).
   *
   * @param maxRam the memory the JVM sizes itself for, as a container limit would ({@code 512m})
   */
  public static OperatorProcess start(
      Path jar,
      Path kubeconfig,
      Path templates,
      String namespace,
      Duration resync,
      int workers,
      List<String> extraJvmFlags,
      String maxRam,
      Path log) {
    int port = freePort();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:MaxRAM=" + maxRam);
    command.addAll(IMAGE_JVM_FLAGS);
    command.addAll(extraJvmFlags);
    command.addAll(
        List.of(
            "-jar",
            jar.toString(),
            "run",
            "--kubeconfig",
            kubeconfig.toString(),
            "--templates",
            templates.toString(),
            "--namespace",
            namespace,
            "--resync",
            resync.toString(),
            "--workers",
            Integer.toString(workers),
            "--health-port",
            Integer.toString(port)));
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      OperatorProcess operator = new OperatorProcess(process, port, log);
      operator.awaitReady();
      return operator;
    } catch (IOException e) {
      throw new BenchException("Cannot start the operator: " + e.getMessage(), e);
    }
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (true) {
      if (!process.isAlive()) {
        throw new BenchException(
            "The operator exited with " + process.exitValue() + "; see its log " + log + ".");
      }
      try {
        if (get("/readyz").statusCode() == 200) {
          return;
        }
      } catch (BenchException e) {
        // Not listening yet.
      }
      if (System.nanoTime() > deadline) {
        close();
        throw new BenchException(
            "The operator was not ready within " + READY_TIMEOUT.toSeconds() + " s; see " + log);
      }
      sleep(Duration.ofMillis(200));
    }
  }

  /** The process id. */
  public long pid() {
    return process.pid();
  }

  /** Every API request the operator has sent so far, by verb, from its /metrics. */
  public RequestCounts requests() {
    HttpResponse<String> response = get("/metrics");
    Map<String, Long> counts = new TreeMap<>();
    for (String line : response.body().split("\n")) {
      Matcher matcher = REQUESTS.matcher(line.trim());
      if (matcher.matches()) {
        counts.put(matcher.group(1), (long) Double.parseDouble(matcher.group(2)));
      }
    }
    if (counts.isEmpty()) {
      throw new BenchException("The operator's /metrics has no rest_client_requests_total.");
    }
    return new RequestCounts(counts);
  }

  /** Its memory now: heap after a full collection (when jcmd is at hand), resident and peak. */
  public MemoryFigures memory() {
    long heap = heapAfterFullGc();
    Map<String, Long> status = ProcStatus.read(process.pid());
    return new MemoryFigures(
        heap, status.getOrDefault("VmRSS", -1L), status.getOrDefault("VmHWM", -1L));
  }

  /**
   * The JVM's own account of its memory by area ({@code jcmd VM.native_memory summary}), when it
   * runs with {@code -XX:NativeMemoryTracking}; empty otherwise.
   */
  public String nativeMemorySummary() {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    return Files.isExecutable(jcmd) ? jcmd(jcmd, "VM.native_memory summary") : "";
  }

  private long heapAfterFullGc() {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    if (!Files.isExecutable(jcmd)) {
      return -1;
    }
    jcmd(jcmd, "GC.run");
    Matcher matcher = GENERATION_USED.matcher(jcmd(jcmd, "GC.heap_info"));
    long kib = 0;
    boolean found = false;
    while (matcher.find()) {
      kib += Long.parseLong(matcher.group(1));
      found = true;
    }
    return found ? kib * 1024 : -1;
  }

  private String jcmd(Path jcmd, String command) {
    try {
      Process run =
          new ProcessBuilder(commandLine(jcmd, command)).redirectErrorStream(true).start();
      String output = new String(run.getInputStream().readAllBytes());
      run.waitFor(30, TimeUnit.SECONDS);
      return output;
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }

  private List<String> commandLine(Path jcmd, String command) {
    List<String> line = new ArrayList<>(List.of(jcmd.toString(), Long.toString(process.pid())));
    line.addAll(List.of(command.split(" ")));
    return line;
  }

  private HttpResponse<String> get(String path) {
    try {
      return http.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + healthPort + path))
              .timeout(Duration.ofSeconds(10))
              .build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new BenchException("The operator's " + path + " did not answer: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchException("Interrupted while reading the operator's " + path, e);
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchException("Interrupted", e);
    }
  }

  /** Stops the operator with SIGTERM, as Kubernetes would, then forcibly after 30 s; idempotent. */
  @Override
  public void close() {
    if (Thread.currentThread() != shutdownHook) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // The JVM is shutting down and runs the hook, which stops the process too.
      }
    }
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
