package io.webserveroperator.kube;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts every request the client sends to the API server, by verb ({@code get}, {@code list},
 * {@code watch}, {@code create}, {@code update}, {@code patch}, {@code delete}). It is what proves
 * "zero writes in a steady state": it sits in the HTTP client, so nothing escapes it.
 */
public final class ApiRequestCounter implements Interceptor {

  /** Verbs that change the cluster. */
  public static final Set<String> WRITE_VERBS = Set.of("create", "update", "patch", "delete");

  private static final String LEASES = "/apis/coordination.k8s.io/";

  private final Map<String, LongAdder> byVerb = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> leasesByVerb = new ConcurrentHashMap<>();

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    record(request.method(), request.uri());
  }

  /** Counts a request sent by another HTTP client than fabric8's. */
  public void record(String method, URI uri) {
    String verb = verb(method, uri);
    byVerb.computeIfAbsent(verb, v -> new LongAdder()).increment();
    if (uri.getPath().startsWith(LEASES)) {
      leasesByVerb.computeIfAbsent(verb, v -> new LongAdder()).increment();
    }
  }

  /**
   * Requests on Leases sent so far with that verb, also counted in {@link #count}: leader election
   * and shard membership, which renew Leases every few seconds however settled the resources are.
   */
  public long leaseCount(String verb) {
    LongAdder adder = leasesByVerb.get(verb);
    return adder == null ? 0 : adder.sum();
  }

  /** Requests sent so far with that verb. */
  public long count(String verb) {
    LongAdder adder = byVerb.get(verb);
    return adder == null ? 0 : adder.sum();
  }

  /** Writes (create, update, patch, delete) sent so far. */
  public long writes() {
    return WRITE_VERBS.stream().mapToLong(this::count).sum();
  }

  /** A snapshot of all counts, sorted by verb. */
  public Map<String, Long> snapshot() {
    Map<String, Long> snapshot = new TreeMap<>();
    byVerb.forEach((verb, adder) -> snapshot.put(verb, adder.sum()));
    return snapshot;
  }

  /** The Kubernetes verb of an HTTP request to the API server. */
  static String verb(String method, URI uri) {
    String query = uri.getRawQuery();
    return switch (method) {
      case "POST" -> "create";
      case "PUT" -> "update";
      case "PATCH" -> "patch";
      case "DELETE" -> "delete";
      default -> {
        if (query != null && query.contains("watch=true")) {
          yield "watch";
        }
        yield isCollection(uri) ? "list" : "get";
      }
    };
  }

  /**
   * Whether a GET names a collection: /api/v1/namespaces/ns/pods (even segment count after the
   * group version) rather than one object.
   */
  private static boolean isCollection(URI uri) {
    String[] segments = uri.getPath().split("/");
    // "", "api", "v1", ... or "", "apis", group, version, ...
    int start = segments.length > 1 && "api".equals(segments[1]) ? 3 : 4;
    int rest = segments.length - start;
    if (rest >= 2 && "namespaces".equals(segments[start])) {
      rest -= 2;
    }
    return rest == 1;
  }
}
