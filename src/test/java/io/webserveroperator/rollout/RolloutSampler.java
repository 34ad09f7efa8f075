package io.webserveroperator.rollout;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Looks at a rollout from outside every {@link #PERIOD} in the background until closed: the stored
 * state, then every WebServer's status and the Deployments rolling, then the stored state again, as
 * the statuses were read at a moment between the two.
 */
final class RolloutSampler implements AutoCloseable {

  static final Duration PERIOD = Duration.ofMillis(100);

  /**
   * What one look saw.
   *
   * @param at when it began
   * @param before the stored state read before the statuses
   * @param members every WebServer as its status tells
   * @param deploymentsRolling how many Deployments were rolling
   * @param after the stored state read after the statuses
   */
  record Sample(
      Instant at,
      RolloutState before,
      Map<String, RolloutView.Member> members,
      int deploymentsRolling,
      RolloutState after) {

    /** The names of the WebServers whose status says they are on {@code hash}. */
    List<String> on(String hash) {
      return members.entrySet().stream()
          .filter(entry -> entry.getValue().revision().equals(hash))
          .map(Map.Entry::getKey)
          .toList();
    }

    /** Whether both stored states read were about the move to {@code hash}. */
    boolean movingTo(String hash) {
      return before.target().equals(hash) && after.target().equals(hash);
    }

    /** The later step of the two states read: the statuses were read no later than it. */
    int step() {
      return after.phase() == RolloutState.Phase.COMPLETE
          ? Integer.MAX_VALUE
          : Math.max(before.step(), after.step());
    }
  }

  private final RolloutView view;
  private final List<Sample> samples = new CopyOnWriteArrayList<>();
  private final AtomicInteger failures = new AtomicInteger();
  private final ScheduledExecutorService executor =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "rollout-sampler");
            thread.setDaemon(true);
            return thread;
          });

  private RolloutSampler(RolloutView view) {
    this.view = view;
  }

  /** Starts sampling at once. */
  static RolloutSampler start(RolloutView view) {
    RolloutSampler sampler = new RolloutSampler(view);
    sampler.executor.scheduleWithFixedDelay(
        sampler::sample, 0, PERIOD.toMillis(), TimeUnit.MILLISECONDS);
    return sampler;
  }

  private void sample() {
    try {
      Instant at = Instant.now();
      RolloutState before = view.state();
      Map<String, RolloutView.Member> members = view.members();
      int rolling = view.deploymentsRolling();
      samples.add(new Sample(at, before, members, rolling, view.state()));
    } catch (RuntimeException | AssertionError e) {
      // A look that failed (a request refused under load) is left out; counted for the report.
      failures.incrementAndGet();
    }
  }

  /** The samples so far, oldest first. */
  List<Sample> samples() {
    return List.copyOf(samples);
  }

  /** Looks that failed and were left out. */
  int failures() {
    return failures.get();
  }

  @Override
  public void close() {
    executor.shutdownNow();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
