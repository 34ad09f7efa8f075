package io.webserveroperator.testing;

import io.webserveroperator.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code webserver-operator run ARGS} in this JVM, on a thread of its own, with a free health port:
 * the command line exactly as a container's args give it, without a JVM's start-up. {@link #close}
 * interrupts it, which stops it as SIGTERM does.
 */
public final class RunningCommand implements AutoCloseable {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final Thread thread;
  private final int healthPort;
  private final AtomicInteger exit = new AtomicInteger(-1);
  private final StringWriter err = new StringWriter();

  private RunningCommand(String name, List<String> args) {
    this.healthPort = OperatorProcess.freePort();
    List<String> all = new ArrayList<>(List.of("run", "--health-port=" + healthPort));
    all.addAll(args);
    this.thread =
        new Thread(
            () -> {
              var cli = Main.commandLine();
              cli.setErr(new PrintWriter(err, true));
              exit.set(cli.execute(all.toArray(String[]::new)));
            },
            "run-" + name);
    thread.start();
  }

  /** Starts {@code run} with these arguments (and {@code --health-port}). */
  public static RunningCommand start(String name, List<String> args) {
    return new RunningCommand(name, args);
  }

  /** The status and body of a GET of its health server; status 0 while it does not answer. */
  public record Answer(int status, String body) {}

  /** GETs {@code path} ({@code /readyz}, {@code /metrics}) of its health server. */
  public Answer get(String path) {
    try {
      HttpResponse<String> response =
          HTTP.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + healthPort + path))
                  .timeout(Duration.ofSeconds(5))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return new Answer(response.statusCode(), response.body());
    } catch (IOException e) {
      return new Answer(0, "");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Answer(0, "");
    }
  }

  /** Whether it is still running; once not, {@link #exitCode} and {@link #err} say how it ended. */
  public boolean isAlive() {
    return thread.isAlive();
  }

  /** Its exit code; -1 while it runs. */
  public int exitCode() {
    return exit.get();
  }

  /** What picocli wrote to standard error (refused arguments). */
  public String err() {
    return err.toString();
  }

  @Override
  public void close() throws InterruptedException {
    thread.interrupt();
    thread.join(Duration.ofSeconds(40).toMillis());
  }
}
