package io.webserveroperator.kube;

import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.http.StandardHttpRequest;
import io.fabric8.kubernetes.client.http.TlsVersion;
import io.fabric8.kubernetes.client.http.WebSocket;
import io.fabric8.kubernetes.client.utils.Utils;
import io.vertx.core.http.HttpClosedException;
import java.io.Closeable;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.TrustManager;

/**
 * The HTTP clients of another factory, sending a request again when its connection closed before it
 * was answered. fabric8 sends a request again after an {@code IOException}, which is how its OkHttp
 * and JDK clients report a closed connection; its Vert.x client reports one as Vert.x's {@link
 * HttpClosedException}, which fabric8 does not send again (fabric8io/kubernetes-client#7450). So a
 * request that took a pooled connection the API server was closing failed, and with it an
 * operator's start or a reconcile. Only requests that mean the same sent twice are sent again
 * (reads, server-side applies, merge patches): a connection may also close after the API server
 * carried a write out, while its answer was read. Each resend takes another connection; one that
 * cannot be opened is fabric8's to retry, with its back-off.
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
    Throwable cause = failure;
    for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
      if (cause instanceof HttpClosedException) {
        return true;
      }
    }
    return false;
  }

  /** Causes looked through: a chain of causes may loop. */
  private static final int MAX_CAUSES = 16;

  /**
   * Whether sending the request twice means what sending it once does: a read, a server-side apply,
   * a merge patch (which sets what it names). Not a create, an update or a JSON patch, whose
   * operations may insert into lists.
   */
  static boolean idempotent(HttpRequest request) {
    return switch (request.method()) {
      case "GET", "HEAD" -> true;
      case "PATCH" ->
          request instanceof StandardHttpRequest standard
              && (ObjectPatches.APPLY.equals(standard.getContentType())
                  || ObjectPatches.MERGE_PATCH.equals(standard.getContentType()));
      default -> false;
    };
  }

  /**
   * The answer to {@code send}, sent again while its connection closes, {@link #RESENDS} times at
   * most. Cancelling it cancels the attempt under way, whose late answer fabric8 then closes; an
   * answer that comes as it is cancelled is {@code discard}ed.
   */
  private static <T> CompletableFuture<T> resending(
      HttpClient client,
      HttpRequest request,
      Supplier<CompletableFuture<T>> send,
      Consumer<T> discard) {
    if (!idempotent(request)) {
      return send.get();
    }
    CompletableFuture<T> answer = new CompletableFuture<>();
    attempt(client, send, discard, RESENDS, answer);
    return answer;
  }

  private static <T> void attempt(
      HttpClient client,
      Supplier<CompletableFuture<T>> send,
      Consumer<T> discard,
      int resendsLeft,
      CompletableFuture<T> answer) {
    CompletableFuture<T> attempt = send.get();
    answer.whenComplete(
        (ignored, failure) -> {
          if (answer.isCancelled()) {
            attempt.cancel(false);
          }
        });
    attempt.whenComplete(
        (response, failure) -> {
          if (failure == null) {
            if (!answer.complete(response)) {
              discard.accept(response);
            }
          } else if (resendsLeft > 0
              && connectionClosed(failure)
              && !answer.isDone()
              && !client.isClosed()) {
            attempt(client, send, discard, resendsLeft - 1, answer);
          } else {
            answer.completeExceptionally(failure);
          }
        });
  }

  private record Client(HttpClient client) implements HttpClient {

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, Class<T> type) {
      return resending(
          client,
          request,
          () -> client.sendAsync(request, type),
          late -> {
            if (late.body() instanceof Closeable body) {
              Utils.closeQuietly(body);
            }
          });
    }

    @Override
    public CompletableFuture<HttpResponse<AsyncBody>> consumeBytes(
        HttpRequest request, AsyncBody.Consumer<List<ByteBuffer>> consumer) {
      return resending(
          client,
          request,
          () -> client.consumeBytes(request, consumer),
          late -> late.body().cancel());
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
