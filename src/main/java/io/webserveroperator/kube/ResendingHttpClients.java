package io.webserveroperator.kube;

import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.http.TlsVersion;
import io.fabric8.kubernetes.client.http.WebSocket;
import io.vertx.core.http.HttpClosedException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.TrustManager;

/**
 * The HTTP clients of another factory, sending a request again when its connection closed before it
 * was answered. fabric8 sends a request again after an {@code IOException}, which is how its OkHttp
 * and JDK clients report a closed connection; its Vert.x client reports one as Vert.x's {@link
 * HttpClosedException}, which fabric8 does not send again (fabric8io/kubernetes-client#7450). So a
 * request that took a pooled connection the API server was closing failed, and with it an
 * operator's start or a reconcile. Each resend takes another connection; one that cannot be opened
 * is fabric8's to retry, with its back-off.
 */
final class ResendingHttpClients implements HttpClient.Factory {

  /** Resends after the first attempt: enough for the connections a pool may hold as they close. */
  static final int RESENDS = 2;

  private final HttpClient.Factory clients;

  ResendingHttpClients(HttpClient.Factory clients) {
    this.clients = clients;
  }

  @Override
  public HttpClient.Builder newBuilder() {
    return new Builder(clients.newBuilder());
  }

  /** Whether a request failed because its connection closed, before or while it was answered. */
  static boolean connectionClosed(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof HttpClosedException) {
        return true;
      }
    }
    return false;
  }

  private static <T> CompletableFuture<T> resending(
      Supplier<CompletableFuture<T>> send, int resendsLeft) {
    return send.get()
        .exceptionallyCompose(
            failure ->
                resendsLeft > 0 && connectionClosed(failure)
                    ? resending(send, resendsLeft - 1)
                    : CompletableFuture.failedFuture(failure));
  }

  private record Client(HttpClient client) implements HttpClient {

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, Class<T> type) {
      return resending(() -> client.sendAsync(request, type), RESENDS);
    }

    @Override
    public CompletableFuture<HttpResponse<AsyncBody>> consumeBytes(
        HttpRequest request, AsyncBody.Consumer<List<ByteBuffer>> consumer) {
      return resending(() -> client.consumeBytes(request, consumer), RESENDS);
    }

    @Override
    public DerivedClientBuilder newBuilder() {
      return new DerivedBuilder(client.newBuilder());
    }

    @Override
    public WebSocket.Builder newWebSocketBuilder() {
      return client.newWebSocketBuilder(); // a watch whose connection closes is opened again
    }

    @Override
    public HttpRequest.Builder newHttpRequestBuilder() {
      return client.newHttpRequestBuilder();
    }

    @Override
    public boolean isClosed() {
      return client.isClosed();
    }

    @Override
    public void close() {
      client.close();
    }
  }

  private record DerivedBuilder(HttpClient.DerivedClientBuilder builder)
      implements HttpClient.DerivedClientBuilder {

    @Override
    public HttpClient build() {
      return new Client(builder.build());
    }

    @Override
    public HttpClient.DerivedClientBuilder addOrReplaceInterceptor(
        String name, Interceptor interceptor) {
      builder.addOrReplaceInterceptor(name, interceptor);
      return this;
    }

    @Override
    public HttpClient.DerivedClientBuilder authenticatorNone() {
      builder.authenticatorNone();
      return this;
    }

    @Override
    public HttpClient.DerivedClientBuilder tag(Object value) {
      builder.tag(value);
      return this;
    }
  }

  private record Builder(HttpClient.Builder builder) implements HttpClient.Builder {

    @Override
    public HttpClient build() {
      return new Client(builder.build());
    }

    @Override
    public HttpClient.Builder addOrReplaceInterceptor(String name, Interceptor interceptor) {
      builder.addOrReplaceInterceptor(name, interceptor);
      return this;
    }

    @Override
    public HttpClient.Builder authenticatorNone() {
      builder.authenticatorNone();
      return this;
    }

    @Override
    public HttpClient.DerivedClientBuilder tag(Object value) {
      builder.tag(value);
      return this;
    }

    @Override
    public HttpClient.Builder connectTimeout(long connectTimeout, TimeUnit unit) {
      builder.connectTimeout(connectTimeout, unit);
      return this;
    }

    @Override
    public HttpClient.Builder sslContext(KeyManager[] keyManagers, TrustManager[] trustManagers) {
      builder.sslContext(keyManagers, trustManagers);
      return this;
    }

    @Override
    public HttpClient.Builder followAllRedirects() {
      builder.followAllRedirects();
      return this;
    }

    @Override
    public HttpClient.Builder proxyAddress(InetSocketAddress proxyAddress) {
      builder.proxyAddress(proxyAddress);
      return this;
    }

    @Override
    public HttpClient.Builder proxyAuthorization(String credentials) {
      builder.proxyAuthorization(credentials);
      return this;
    }

    @Override
    public HttpClient.Builder tlsVersions(TlsVersion... tlsVersions) {
      builder.tlsVersions(tlsVersions);
      return this;
    }

    @Override
    public HttpClient.Builder tlsServerName(String tlsServerName) {
      builder.tlsServerName(tlsServerName);
      return this;
    }

    @Override
    public HttpClient.Builder preferHttp11() {
      builder.preferHttp11();
      return this;
    }

    @Override
    public HttpClient.Builder proxyType(HttpClient.ProxyType type) {
      builder.proxyType(type);
      return this;
    }
  }
}
