package io.webserveroperator.controller;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Serves {@code /metrics} (Prometheus text), {@code /healthz} (the process is alive) and {@code
 * /readyz} (the caches have synced and every watched kind runs; its body says more, such as whom a
 * standby waits for, or which kinds do not run and why) on one port, with the JDK's own HTTP
 * server.
 */
public final class HealthServer implements AutoCloseable {

  private final HttpServer server;

  /**
   * Starts serving.
   *
   * @param port the port, 0 for any free one
   * @param readyText the body of {@code /readyz} once {@code ready}, a line without its newline
   * @param failing why the operator is not ready although its caches synced, one line each (a kind
   *     not reconciled); none when it is
   */
  public HealthServer(
      int port,
      Supplier<String> metrics,
      BooleanSupplier ready,
      Supplier<String> readyText,
      Supplier<List<String>> failing) {
    try {
      server = HttpServer.create(new InetSocketAddress(port), 0);
    } catch (IOException e) {
      throw new OperatorException(
          "Cannot listen on port " + port + " for metrics and health: " + e.getMessage(), e);
    }
    server.createContext("/metrics", exchange -> reply(exchange, 200, metrics.get()));
    server.createContext("/healthz", exchange -> reply(exchange, 200, "ok\n"));
    server.createContext(
        "/readyz",
        exchange -> {
          List<String> failures = failing.get();
          if (!ready.getAsBoolean()) {
            reply(exchange, 503, "caches not synced\n");
          } else if (!failures.isEmpty()) {
            reply(exchange, 503, String.join("\n", failures) + "\n");
          } else {
            reply(exchange, 200, readyText.get() + "\n");
          }
        });
    server.setExecutor(
        Executors.newSingleThreadExecutor(
            r -> {
              Thread thread = new Thread(r, "health-server");
              thread.setDaemon(true);
              return thread;
            }));
    server.start();
  }

  /** The port served, useful when started on port 0. */
  public int port() {
    return server.getAddress().getPort();
  }

  private static void reply(HttpExchange exchange, int code, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
    exchange.sendResponseHeaders(code, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
