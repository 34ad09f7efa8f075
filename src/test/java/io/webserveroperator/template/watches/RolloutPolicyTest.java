package io.webserveroperator.template.watches;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.template.watches.RolloutStep.Count;
import io.webserveroperator.template.watches.RolloutStep.Percent;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The arithmetic of a rollout: how many resources each step allows, the {@code 100%} added after a
 * last step that does not reach everyone, and the order steps must follow.
 */
class RolloutPolicyTest {

  private static RolloutPolicy policy(RolloutStep... steps) {
    return new RolloutPolicy(List.of(steps), RolloutPolicy.DEFAULT_PROGRESS_DEADLINE, 0);
  }

  private static List<Integer> allowed(RolloutPolicy policy, int total) {
    return IntStream.range(0, policy.stepCount())
        .mapToObj(step -> policy.allowed(step, total))
        .toList();
  }

  @Test
  void aCountThenPercentagesAllowTheCountThenTheRoundedUpShare() {
    RolloutPolicy policy = policy(new Count(1), new Percent(50), new Percent(100));

    assertThat(allowed(policy, 20)).containsExactly(1, 10, 20);
    assertThat(allowed(policy, 3)).containsExactly(1, 2, 3);
    assertThat(allowed(policy, 1)).containsExactly(1, 1, 1);
    assertThat(allowed(policy, 0)).containsExactly(0, 0, 0);
  }

  @Test
  void aSmallPercentageAllowsOneResourceAtLeast() {
    assertThat(allowed(policy(new Percent(1)), 7)).containsExactly(1, 7);
    assertThat(allowed(policy(new Percent(10)), 11)).containsExactly(2, 11);
  }

  @Test
  void aCountIsCappedAtTheTotal() {
    assertThat(allowed(policy(new Count(2), new Count(5)), 3)).containsExactly(2, 3, 3);
  }

  @Test
  void aPercentageSmallerThanTheCountBeforeItKeepsTheCount() {
    assertThat(allowed(policy(new Count(5), new Percent(10)), 20)).containsExactly(5, 5, 20);
  }

  @Test
  void aLastStepShortOfEveryoneIsFollowedByOneHundredPercent() {
    RolloutPolicy policy = policy(new Count(1), new Percent(10));

    assertThat(policy.steps()).containsExactly(new Count(1), new Percent(10), new Percent(100));
    assertThat(policy.stepCount()).isEqualTo(3);
    assertThat(policy.isLast(1)).isFalse();
    assertThat(policy.isLast(2)).isTrue();
    assertThat(policy(new Percent(100)).steps()).containsExactly(new Percent(100));
  }

  @Test
  void describesStepsDeadlineAndMaxUnreadyAsWatchesYamlWritesThem() {
    RolloutPolicy policy =
        new RolloutPolicy(
            List.of(new Count(1), new Percent(10), new Percent(50)), Duration.ofMinutes(5), 2);

    assertThat(policy.describe())
        .isEqualTo("steps [1, 10%, 50%, 100%], progressDeadline 5m, maxUnready 2");
    assertThat(policy.progressDeadlineText()).isEqualTo("5m");
  }

  @Test
  void refusesStepsOutOfOrder() {
    assertThatThrownBy(() -> policy(new Count(3), new Count(3)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("3 must be above 3, the count before it");
    assertThatThrownBy(() -> policy(new Percent(50), new Percent(10)))
        .hasMessage("\"10%\" must be above \"50%\", the percentage before it");
    assertThatThrownBy(() -> policy(new Percent(10), new Count(5)))
        .hasMessage(
            "5 follows \"10%\": a count after a percentage is ambiguous; put the counts first");
  }

  @Test
  void refusesNoStepANonPositiveDeadlineAndANegativeMaxUnready() {
    assertThatThrownBy(() -> policy()).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RolloutPolicy(List.of(new Count(1)), Duration.ZERO, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                new RolloutPolicy(
                    List.of(new Count(1)), RolloutPolicy.DEFAULT_PROGRESS_DEADLINE, -1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void refusesAStepThatIsNotThereAndANegativeTotal() {
    RolloutPolicy policy = policy(new Count(1));

    assertThatThrownBy(() -> policy.allowed(2, 10)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> policy.allowed(0, -1)).isInstanceOf(IllegalArgumentException.class);
  }
}
