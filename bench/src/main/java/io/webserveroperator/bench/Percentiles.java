package io.webserveroperator.bench;

import java.time.Duration;
import java.util.List;

/**
 * Latency samples summarised by nearest-rank percentiles.
 *
 * @param count how many samples
 * @param p50 the median
 * @param p99 the 99th percentile
 * @param max the slowest sample
 */
public record Percentiles(int count, Duration p50, Duration p99, Duration max) {

  public Percentiles {
    if (count < 0) {
      throw new IllegalArgumentException("count must not be negative, not " + count);
    }
  }

  /** Summarises the samples; an empty list gives zero durations. */
  public static Percentiles of(List<Duration> samples) {
    long[] nanos = samples.stream().mapToLong(Duration::toNanos).sorted().toArray();
    if (nanos.length == 0) {
      return new Percentiles(0, Duration.ZERO, Duration.ZERO, Duration.ZERO);
    }
    return new Percentiles(
        nanos.length,
        Duration.ofNanos(rank(nanos, 50)),
        Duration.ofNanos(rank(nanos, 99)),
        Duration.ofNanos(nanos[nanos.length - 1]));
  }

  /** The nearest-rank percentile of sorted samples: the smallest with p % at or below it. */
  private static long rank(long[] sorted, int percent) {
    int index = (int) Math.ceil(percent / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, index)];
  }
}
