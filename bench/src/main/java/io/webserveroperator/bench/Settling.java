package io.webserveroperator.bench;

import io.webserveroperator.testing.OperatorProcess;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Request counts read once they stop growing: an operator writes some requests in the background
 * (webserver-operator's Events) after the state a benchmark waits for, and those count too.
 */
public final class Settling {

  private static final Duration SETTLE = Duration.ofSeconds(1);
  private static final Duration SETTLE_AT_MOST = Duration.ofSeconds(60);

  private Settling() {}

  /** {@code read} again every second until two reads agree, for a minute at the most. */
  public static <T> T settled(Supplier<T> read) {
    T last = read.get();
    long deadline = System.nanoTime() + SETTLE_AT_MOST.toNanos();
    while (System.nanoTime() < deadline) {
      OperatorProcess.sleep(SETTLE);
      T now = read.get();
      if (now.equals(last)) {
        return now;
      }
      last = now;
    }
    return last;
  }
}
