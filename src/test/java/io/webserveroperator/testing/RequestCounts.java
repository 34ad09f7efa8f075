package io.webserveroperator.testing;

import io.webserveroperator.kube.ApiRequestCounter;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * API requests by verb ({@code get}, {@code list}, {@code watch}, {@code create}, {@code update},
 * {@code patch}, {@code delete}), as an {@link ApiRequestCounter} counts them.
 *
 * @param byVerb requests per verb, sorted by verb
 */
public record RequestCounts(Map<String, Long> byVerb) {

  public RequestCounts {
    byVerb = new TreeMap<>(byVerb);
    byVerb.values().removeIf(count -> count == 0);
    byVerb = Collections.unmodifiableMap(byVerb);
  }

  /** No requests. */
  public static RequestCounts none() {
    return new RequestCounts(Map.of());
  }

  /** A snapshot of a counter. */
  public static RequestCounts of(ApiRequestCounter counter) {
    return new RequestCounts(counter.snapshot());
  }

  /** Requests with that verb. */
  public long count(String verb) {
    return byVerb.getOrDefault(verb, 0L);
  }

  /** Requests that change the cluster: create, update, patch and delete. */
  public long writes() {
    return ApiRequestCounter.WRITE_VERBS.stream().mapToLong(this::count).sum();
  }

  /** All requests. */
  public long total() {
    return byVerb.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The requests made since {@code earlier}. */
  public RequestCounts minus(RequestCounts earlier) {
    Map<String, Long> delta = new TreeMap<>(byVerb);
    earlier.byVerb.forEach((verb, count) -> delta.merge(verb, -count, Long::sum));
    return new RequestCounts(delta);
  }

  /** These requests and {@code others} together. */
  public RequestCounts plus(RequestCounts others) {
    Map<String, Long> sum = new TreeMap<>(byVerb);
    others.byVerb.forEach((verb, count) -> sum.merge(verb, count, Long::sum));
    return new RequestCounts(sum);
  }

  /** Per-verb counts divided by {@code items}, for "requests per WebServer". */
  public Map<String, Double> per(int items) {
    Map<String, Double> ratio = new TreeMap<>();
    byVerb.forEach((verb, count) -> ratio.put(verb, items == 0 ? 0.0 : (double) count / items));
    return ratio;
  }

  @Override
  public String toString() {
    return byVerb.toString();
  }
}
