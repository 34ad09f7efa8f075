package io.webserveroperator.testing;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.awaitility.core.ThrowingRunnable;

/**
 * Checks that nothing happens, without fixed sleeps: first wait for a reading that grows in the
 * background, such as an operator's request counts (it writes Events after the status a test waits
 * for), to stop changing; then poll an assertion over a period in which it must hold throughout.
 */
public final class Quiet {

  private static final Duration SETTLE_AT_MOST = Duration.ofSeconds(30);
  private static final Duration POLL = Duration.ofMillis(200);

  private Quiet() {}

  /** The reading once it has not changed for {@code quiet}; fails after 30 s more. */
  public static <T> T settled(Supplier<T> reading, Duration quiet) {
    AtomicReference<T> last = new AtomicReference<>(reading.get());
    await("a reading unchanged for " + quiet.toMillis() + " ms")
        .during(quiet)
        .atMost(quiet.plus(SETTLE_AT_MOST))
        .pollInterval(POLL)
        .until(
            () -> {
              T now = reading.get();
              return Objects.equals(last.getAndSet(now), now);
            });
    return last.get();
  }

  /**
   * Polls the assertion for {@code period} and fails, with the assertion's message, unless it holds
   * on every poll.
   */
  public static void holds(Duration period, ThrowingRunnable assertion) {
    await()
        .during(period)
        .atMost(period.plus(Duration.ofSeconds(2)))
        .pollInterval(POLL)
        .untilAsserted(assertion);
  }
}
