package io.webserveroperator.template.watches;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How the resources of one kind move to a new revision of its templates ({@code rollout} in its
 * watches.yaml entry): in steps, each saying how many of the kind's resources may be on the new
 * revision, counted from the start. A kind without a policy moves all at once. What the operator
 * does at each step is in {@code docs/operations.md#rollouts}.
 *
 * <p>The steps are ordered: counts come first and increase, then percentages, which increase too. A
 * count after a percentage is refused, as it is not clear whether it means more or fewer resources
 * than the percentage, whose count depends on how many resources there are. A step never lowers the
 * number an earlier step allowed ({@code [5, "10%"]} of 20 resources is 5, then 5).
 *
 * @param steps the steps; when the last is not {@code 100%}, {@code 100%} is added after it, so
 *     that the last step always reaches every resource (as an Argo Rollout completes after its last
 *     step)
 * @param progressDeadline how long a step's resources may take to be ready; {@link
 *     #DEFAULT_PROGRESS_DEADLINE} when watches.yaml does not say
 * @param maxUnready how many of a step's resources may stay not ready before the rollout pauses; 0
 *     when watches.yaml does not say
 */
public record RolloutPolicy(List<RolloutStep> steps, Duration progressDeadline, int maxUnready) {

  /** Ten minutes, as a Deployment's {@code progressDeadlineSeconds} (600). */
  public static final Duration DEFAULT_PROGRESS_DEADLINE = Duration.ofMinutes(10);

  private static final RolloutStep EVERYONE = new RolloutStep.Percent(100);

  /**
   * @throws IllegalArgumentException when there is no step, the steps are out of order, the
   *     deadline is not positive or maxUnready negative
   */
  public RolloutPolicy {
    Objects.requireNonNull(steps, "steps");
    Objects.requireNonNull(progressDeadline, "progressDeadline");
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("a rollout needs at least one step");
    }
    for (int i = 1; i < steps.size(); i++) {
      orderProblem(steps.get(i - 1), steps.get(i))
          .ifPresent(
              problem -> {
                throw new IllegalArgumentException(problem);
              });
    }
    if (progressDeadline.compareTo(Duration.ZERO) <= 0) {
      throw new IllegalArgumentException("progressDeadline must be above 0: " + progressDeadline);
    }
    if (maxUnready < 0) {
      throw new IllegalArgumentException("maxUnready must be 0 or more: " + maxUnready);
    }
    if (!steps.get(steps.size() - 1).equals(EVERYONE)) {
      steps = new ArrayList<>(steps);
      steps.add(EVERYONE);
    }
    steps = List.copyOf(steps);
  }

  /** How many steps there are, the implicit {@code 100%} included. */
  public int stepCount() {
    return steps.size();
  }

  /** Whether step {@code stepIndex} (0-based) is the last, which reaches every resource. */
  public boolean isLast(int stepIndex) {
    return stepIndex == steps.size() - 1;
  }

  /**
   * How many of {@code total} resources may be on the new revision at step {@code stepIndex}
   * (0-based): a count capped at {@code total}, a percentage of {@code total} rounded up, never
   * less than an earlier step allowed, and at least 1 unless {@code total} is 0.
   *
   * @throws IndexOutOfBoundsException when there is no such step
   * @throws IllegalArgumentException when {@code total} is negative
   */
  public int allowed(int stepIndex, int total) {
    Objects.checkIndex(stepIndex, steps.size());
    if (total < 0) {
      throw new IllegalArgumentException("total must be 0 or more: " + total);
    }
    if (total == 0) {
      return 0;
    }
    int allowed = 1;
    for (int i = 0; i <= stepIndex; i++) {
      allowed = Math.max(allowed, steps.get(i).of(total));
    }
    return allowed;
  }

  /** The progress deadline as watches.yaml writes it, for messages: {@code 5m}, {@code 1h30m}. */
  public String progressDeadlineText() {
    return GoDuration.format(progressDeadline);
  }

  /** For messages: {@code steps [1, 10%, 50%, 100%], progressDeadline 5m, maxUnready 0}. */
  public String describe() {
    return "steps "
        + steps
        + ", progressDeadline "
        + progressDeadlineText()
        + ", maxUnready "
        + maxUnready;
  }

  /** Why {@code next} cannot follow {@code previous} in a list of steps, if it cannot. */
  static Optional<String> orderProblem(RolloutStep previous, RolloutStep next) {
    if (previous instanceof RolloutStep.Percent before && next instanceof RolloutStep.Count) {
      return Optional.of(
          next
              + " follows \""
              + before
              + "\": a count after a percentage is ambiguous; put the counts first");
    }
    if (previous instanceof RolloutStep.Count before
        && next instanceof RolloutStep.Count after
        && after.count() <= before.count()) {
      return Optional.of(after + " must be above " + before + ", the count before it");
    }
    if (previous instanceof RolloutStep.Percent before
        && next instanceof RolloutStep.Percent after
        && after.percent() <= before.percent()) {
      return Optional.of(
          "\"" + after + "\" must be above \"" + before + "\", the percentage before it");
    }
    return Optional.empty();
  }
}
