package io.webserveroperator.bench.edit;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.rollout.RolloutState;
import io.webserveroperator.rollout.RolloutState.Phase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RolloutTimelineTest {

  private final RollingDeployments rolling = new RollingDeployments();
  private final RolloutTimeline timeline = new RolloutTimeline(rolling);

  @Test
  void eachStepLastsUntilTheNextIsRecordedWithTheMostRollingMeanwhile() {
    timeline.seen(seconds(1), state(Phase.PROGRESSING, 0));
    rolling.seen("web-0", 2, 1);
    timeline.seen(seconds(2), state(Phase.PROGRESSING, 0));
    rolling.seen("web-0", 2, 2);
    timeline.seen(seconds(12), state(Phase.PROGRESSING, 1));
    rolling.seen("web-1", 2, 1);
    rolling.seen("web-2", 2, 1);
    rolling.seen("web-1", 2, 2);
    rolling.seen("web-2", 2, 2);
    timeline.seen(seconds(25), state(Phase.COMPLETE, 1));

    assertThat(timeline.steps())
        .containsExactly(
            new RolloutTimeline.Step(0, seconds(1), seconds(12), 1),
            new RolloutTimeline.Step(1, seconds(12), seconds(25), 2));
    assertThat(timeline.steps().get(1).lasted()).isEqualTo(seconds(13));
    assertThat(timeline.completed()).contains(seconds(25));
    assertThat(timeline.paused()).isEmpty();
  }

  @Test
  void aRevisionWithoutPolicyIsCompleteAtOnceWithoutSteps() {
    timeline.seen(seconds(1), state(Phase.COMPLETE, 0));

    assertThat(timeline.steps()).isEmpty();
    assertThat(timeline.completed()).contains(seconds(1));
  }

  @Test
  void aPausedRolloutNamesWhatItWaitsFor() {
    timeline.seen(seconds(1), state(Phase.PROGRESSING, 0));
    timeline.seen(seconds(61), paused(List.of("bench-operator/web-00000")));

    assertThat(timeline.paused()).contains(List.of("bench-operator/web-00000"));
    assertThat(timeline.steps()).hasSize(1);
  }

  private static RolloutState state(Phase phase, int step) {
    return new RolloutState("b2", 2, "a1", phase, step, Instant.EPOCH, Optional.empty(), List.of());
  }

  private static RolloutState paused(List<String> failed) {
    return new RolloutState(
        "b2", 2, "a1", Phase.PAUSED, 0, Instant.EPOCH, Optional.empty(), failed);
  }

  private static Duration seconds(long seconds) {
    return Duration.ofSeconds(seconds);
  }
}
