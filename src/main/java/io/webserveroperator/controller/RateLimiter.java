package io.webserveroperator.controller;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How long a failed key waits before its next try, as client-go's default controller rate limiter:
 * per key, an exponential backoff (5 ms doubling up to a cap, with jitter), and over all keys a
 * token bucket, whichever is longer.
 */
public final class RateLimiter {

  private final Duration base;
  private final Duration cap;
  private final double tokensPerSecond;
  private final double burst;
  private final Map<Object, Integer> failures = new ConcurrentHashMap<>();
  private double tokens;
  private long lastRefillNanos = System.nanoTime();

  /**
   * @param base the first backoff, doubled on each failure
   * @param cap the longest backoff
   * @param tokensPerSecond retries per second over all keys
   * @param burst retries allowed at once
   */
  public RateLimiter(Duration base, Duration cap, double tokensPerSecond, int burst) {
    this.base = base;
    this.cap = cap;
    this.tokensPerSecond = tokensPerSecond;
    this.burst = burst;
    this.tokens = burst;
  }

  /** client-go's defaults: 5 ms to 1000 s per key; 10 retries per second, burst 100. */
  public static RateLimiter defaults() {
    return new RateLimiter(Duration.ofMillis(5), Duration.ofSeconds(1000), 10, 100);
  }

  /** Records one more failure of the key and returns how long it should wait. */
  public Duration whenNext(Object key) {
    int attempt = failures.merge(key, 1, Integer::sum) - 1;
    double backoffNanos = base.toNanos() * Math.pow(2, Math.min(attempt, 62));
    long perKey = (long) Math.min(backoffNanos, cap.toNanos());
    // Up to 10 % jitter, so keys that failed together do not retry together.
    perKey += (long) (perKey * 0.1 * ThreadLocalRandom.current().nextDouble());
    return Duration.ofNanos(Math.max(perKey, bucketDelayNanos()));
  }

  /** Forgets the key's failures, after it succeeded. */
  public void forget(Object key) {
    failures.remove(key);
  }

  /** How often the key has failed in a row. */
  public int failures(Object key) {
    return failures.getOrDefault(key, 0);
  }

  private synchronized long bucketDelayNanos() {
    long now = System.nanoTime();
    tokens = Math.min(burst, tokens + (now - lastRefillNanos) / 1e9 * tokensPerSecond);
    lastRefillNanos = now;
    tokens -= 1;
    return tokens >= 0 ? 0 : (long) (-tokens / tokensPerSecond * 1e9);
  }
}
