package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.vertx.core.http.HttpClosedException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's client against a server that closes connections on requests it has read, as an API
 * server closing a pooled connection does to the request that just took it.
 */
class ResendingHttpClientsTest {

  private static final String NAMESPACE =
      "{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"shop\"}}";

  @TempDir Path dir;
  private ClosingServer server;

  @AfterEach
  void stopServer() throws IOException {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aRequestWhoseConnectionClosedIsAnsweredOnAnother() throws IOException {
    server = new ClosingServer(1);

    try (KubernetesClient client = KubeClients.create(kubeconfig(), null)) {
      Namespace shop = client.namespaces().withName("shop").get();

      assertThat(shop.getMetadata().getName()).isEqualTo("shop");
      assertThat(server.connections()).isEqualTo(2);
    }
  }

  @Test
  void aServerThatClosesEveryConnectionFailsTheRequestAfterTheResends() throws IOException {
    server = new ClosingServer(Integer.MAX_VALUE);

    try (KubernetesClient client = KubeClients.create(kubeconfig(), null)) {
      assertThatThrownBy(() -> client.namespaces().withName("shop").get())
          .isInstanceOf(KubernetesClientException.class)
          .hasRootCauseInstanceOf(HttpClosedException.class);
      assertThat(server.connections()).isEqualTo(1 + ResendingHttpClients.RESENDS);
    }
  }

  @Test
  void aServerSideApplyWhoseConnectionClosedIsAnsweredOnAnother() throws IOException {
    server = new ClosingServer(1);

    try (KubernetesClient client = KubeClients.create(kubeconfig(), null)) {
      Namespace applied =
          client
              .resource(
                  new NamespaceBuilder().withNewMetadata().withName("shop").endMetadata().build())
              .fieldManager("test")
              .serverSideApply();

      assertThat(applied.getMetadata().getName()).isEqualTo("shop");
      assertThat(server.connections()).isEqualTo(2);
    }
  }

  /** The API server may have carried a write out before the connection closed on its answer. */
  @Test
  void aCreateWhoseConnectionClosedIsNotSentAgain() throws IOException {
    server = new ClosingServer(1);

    try (KubernetesClient client = KubeClients.create(kubeconfig(), null)) {
      assertThatThrownBy(
              () ->
                  client
                      .resource(
                          new NamespaceBuilder()
                              .withNewMetadata()
                              .withName("shop")
                              .endMetadata()
                              .build())
                      .create())
          .isInstanceOf(KubernetesClientException.class)
          .hasRootCauseInstanceOf(HttpClosedException.class);
      assertThat(server.connections()).isEqualTo(1);
    }
  }

  private Path kubeconfig() throws IOException {
    return Files.writeString(
        dir.resolve("config"),
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: c, cluster: {server: "http://127.0.0.1:%d"}}]
        users: [{name: u, user: {token: t}}]
        contexts: [{name: x, context: {cluster: c, user: u}}]
        current-context: x
        """
            .formatted(server.port()));
  }

  /**
   * Reads each request on a new connection, then closes its first {@code closing} connections
   * without an answer and answers the others with the Namespace {@code shop}.
   */
  private static final class ClosingServer implements AutoCloseable {

    private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final AtomicInteger connections = new AtomicInteger();
    private final int closing;

    ClosingServer(int closing) throws IOException {
      this.closing = closing;
      Thread serving = new Thread(this::serve, "closing-server");
      serving.setDaemon(true);
      serving.start();
    }

    int port() {
      return socket.getLocalPort();
    }

    int connections() {
      return connections.get();
    }

    private void serve() {
      while (!socket.isClosed()) {
        try (Socket connection = socket.accept()) {
          readRequestHead(connection.getInputStream());
          if (connections.incrementAndGet() > closing) {
            answer(connection.getOutputStream());
          }
        } catch (IOException closed) {
          return;
        }
      }
    }

    private static void readRequestHead(InputStream in) throws IOException {
      int matched = 0;
      byte[] end = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
      while (matched < end.length) {
        int read = in.read();
        if (read < 0) {
          return;
        }
        matched = read == end[matched] ? matched + 1 : (read == end[0] ? 1 : 0);
      }
    }

    private static void answer(OutputStream out) throws IOException {
      byte[] body = NAMESPACE.getBytes(StandardCharsets.UTF_8);
      out.write(
          ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                  + body.length
                  + "\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
