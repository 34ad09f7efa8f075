package io.webserveroperator.template.watches;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.template.watches.RolloutStep.Count;
import io.webserveroperator.template.watches.RolloutStep.Percent;
import org.junit.jupiter.api.Test;

/**
 * A rollout step as YAML reads it: an integer is a count, {@code "N%"} a percentage; anything else
 * is refused with the value quoted. The messages in watches.yaml context are in {@code
 * rollout/errors.yaml}.
 */
class RolloutStepTest {

  @Test
  void anIntegerIsACountAndAPercentSignAPercentage() {
    assertThat(RolloutStep.parse(3)).isEqualTo(new Count(3));
    assertThat(RolloutStep.parse("10%")).isEqualTo(new Percent(10));
    assertThat(RolloutStep.parse(" 100% ")).isEqualTo(new Percent(100));
    assertThat(RolloutStep.parse("50.0%")).isEqualTo(new Percent(50));
  }

  @Test
  void readsAsWatchesYamlWritesIt() {
    assertThat(new Count(3)).hasToString("3");
    assertThat(new Percent(10)).hasToString("10%");
  }

  @Test
  void aCountIsCappedAndAPercentageRoundedUp() {
    assertThat(new Count(5).of(3)).isEqualTo(3);
    assertThat(new Percent(10).of(11)).isEqualTo(2);
    assertThat(new Percent(100).of(Integer.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE);
    assertThat(new Percent(1).of(0)).isZero();
  }

  @Test
  void refusesWhatIsNeitherACountNorAPercentage() {
    assertThatThrownBy(() -> RolloutStep.parse("5"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("\"5\" is neither a count (1) nor a percentage (\"10%\")");
    assertThatThrownBy(() -> RolloutStep.parse(1.5))
        .hasMessage("1.5 is neither a count (1) nor a percentage (\"10%\")");
    assertThatThrownBy(() -> RolloutStep.parse(true))
        .hasMessage("true is neither a count (1) nor a percentage (\"10%\")");
    assertThatThrownBy(() -> RolloutStep.parse(5_000_000_000L))
        .hasMessage("5000000000 is too large a count");
  }

  @Test
  void refusesPercentagesOutOfRangeOrNotWhole() {
    assertThatThrownBy(() -> RolloutStep.parse("0%"))
        .hasMessage("\"0%\" must be a percentage above 0 and at most 100");
    assertThatThrownBy(() -> RolloutStep.parse("-5%"))
        .hasMessage("\"-5%\" must be a percentage above 0 and at most 100");
    assertThatThrownBy(() -> RolloutStep.parse("99999999999%"))
        .hasMessage("\"99999999999%\" must be a percentage above 0 and at most 100");
    assertThatThrownBy(() -> RolloutStep.parse("0.5%"))
        .hasMessage("\"0.5%\" must be a whole percentage");
  }

  @Test
  void refusesACountBelowOne() {
    assertThatThrownBy(() -> RolloutStep.parse(0))
        .hasMessage("0 must be a count above 0 or a percentage such as \"10%\"");
  }
}
