package io.webserveroperator.dev;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Polls a component's health endpoint on 127.0.0.1 until it answers 200, failing early when the
 * component's process has exited. Blocks the calling thread.
 */
final class HealthProbe {

  private static final Duration POLL_INTERVAL = Duration.ofMillis(100);

  private final HttpClient http;

  HealthProbe() {
    http =
        HttpClient.newBuilder()
            // JDK 17's HTTP/2 client keeps failing with "GOAWAY received" once Go's server sends
            // one.
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .sslContext(trustingLoopbackContext())
            .build();
  }

  /** Waits until {@code url} answers 200 or {@code timeout} passes. */
  void awaitHealthy(ManagedProcess process, URI url, Duration timeout) {
    Instant deadline = Instant.now().plus(timeout);
    String last = "no answer yet";
    while (Instant.now().isBefore(deadline)) {
      process.requireAlive();
      try {
        HttpResponse<String> response =
            http.send(
                HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(2)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          return;
        }
        last = "HTTP " + response.statusCode() + ": " + response.body().strip();
      } catch (IOException e) {
        last = e.toString();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DevClusterException("Interrupted while waiting for " + process.name() + ".", e);
      }
      sleep(POLL_INTERVAL);
    }
    throw new DevClusterException(
        process.name()
            + " did not become healthy at "
            + url
            + " within "
            + timeout.toSeconds()
            + " s (last: "
            + last
            + "); see its log "
            + process.log()
            + ":\n"
            + process.logTail(20));
  }

  static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DevClusterException("Interrupted while starting the local cluster.", e);
    }
  }

  /**
   * The components serve self-signed certificates made in memory at start-up, so there is nothing
   * to verify them against; the probes only ever reach processes this JVM started on 127.0.0.1 and
   * send no credentials.
   */
  private static SSLContext trustingLoopbackContext() {
    TrustManager trustAll =
        new X509ExtendedTrustManager() {
          @Override
          public void checkClientTrusted(X509Certificate[] chain, String authType) {}

          @Override
          public void checkServerTrusted(X509Certificate[] chain, String authType) {}

          @Override
          public void checkClientTrusted(X509Certificate[] chain, String authType, Socket s) {}

          @Override
          public void checkServerTrusted(X509Certificate[] chain, String authType, Socket s) {}

          @Override
          public void checkClientTrusted(X509Certificate[] chain, String type, SSLEngine e) {}

          @Override
          public void checkServerTrusted(X509Certificate[] chain, String type, SSLEngine e) {}

          @Override
          public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
          }
        };
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {trustAll}, new SecureRandom());
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("The JVM offers no TLS context.", e);
    }
  }
}
