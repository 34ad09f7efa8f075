package io.webserveroperator.bench.edit;

import io.webserveroperator.rollout.RolloutState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One rollout as the benchmark sees it on its revision's ConfigMap, where the operator records the
 * rollout's state at each change: when each step began and ended, the most Deployments rolling at
 * once during it, and when the rollout completed or paused. A step the operator passed within one
 * of its ticks is never recorded, so never seen. Thread-safe.
 */
public final class RolloutTimeline {

  /**
   * One step of the policy.
   *
   * @param index its index in the policy, from 0
   * @param began from the edit until the operator recorded the step
   * @param ended from the edit until the operator recorded the step after it, or the end
   * @param maxRolling the most Deployments rolling at once from its beginning to its end
   */
  public record Step(int index, Duration began, Duration ended, int maxRolling) {

    Duration lasted() {
      return ended.minus(began);
    }
  }

  private final RollingDeployments rolling;
  private final List<Step> steps = new ArrayList<>();
  private Integer step;
  private Duration began;
  private Duration completed;
  private List<String> paused;

  RolloutTimeline(RollingDeployments rolling) {
    this.rolling = rolling;
  }

  /** The rollout's state as recorded {@code at} that time after the edit. */
  synchronized void seen(Duration at, RolloutState state) {
    switch (state.phase()) {
      case PROGRESSING -> {
        if (step == null) {
          rolling.takeStepMax();
        } else if (step != state.step()) {
          end(at);
        } else {
          return;
        }
        step = state.step();
        began = at;
      }
      case COMPLETE -> {
        if (completed == null) {
          end(at);
          completed = at;
        }
      }
      case PAUSED -> {
        end(at);
        paused = state.failed();
      }
    }
  }

  private void end(Duration at) {
    if (step != null) {
      steps.add(new Step(step, began, at, rolling.takeStepMax()));
      step = null;
    }
  }

  /** The steps seen so far, ended ones only. */
  synchronized List<Step> steps() {
    return List.copyOf(steps);
  }

  /** From the edit until the rollout was recorded complete. */
  synchronized Optional<Duration> completed() {
    return Optional.ofNullable(completed);
  }

  /** The resources a paused rollout named, once it paused. */
  synchronized Optional<List<String>> paused() {
    return Optional.ofNullable(paused);
  }
}
