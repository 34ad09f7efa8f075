package io.webserveroperator.bench;

import io.webserveroperator.testing.OperatorProcess;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * The benchmarks' one way to wait for an observer's count to reach a goal (WebServers settled,
 * Services showing an edit): polled every 20 ms, progress every 5 s, a {@link BenchException} at
 * the timeout.
 *
 * @param what the counted things as the failure names them: {@code WebServers were settled}
 * @param progressing the same, as the progress line says it: {@code settled}
 */
public record CountWait(String what, String progressing) {

  private static final Duration POLL = Duration.ofMillis(20);
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

  /**
   * Waits until {@code reached} gives {@code goal} and returns the time since {@code startNanos} (a
   * {@link System#nanoTime()}); fails after {@code timeout}.
   */
  public Duration await(
      IntSupplier reached, int goal, long startNanos, Duration timeout, Consumer<String> progress) {
    long deadline = startNanos + timeout.toNanos();
    long nextReport = System.nanoTime() + PROGRESS_EVERY.toNanos();
    while (reached.getAsInt() < goal) {
      if (System.nanoTime() > deadline) {
        throw new BenchException(
            "Only "
                + reached.getAsInt()
                + " of "
                + goal
                + " "
                + what
                + " after "
                + timeout.toSeconds()
                + " s.");
      }
      if (System.nanoTime() > nextReport) {
        progress.accept(
            String.format(Locale.ROOT, "  %d/%d %s", reached.getAsInt(), goal, progressing));
        nextReport += PROGRESS_EVERY.toNanos();
      }
      OperatorProcess.sleep(POLL);
    }
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }
}
