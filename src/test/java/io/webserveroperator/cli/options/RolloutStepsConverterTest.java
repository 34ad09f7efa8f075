package io.webserveroperator.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.template.watches.RolloutStep;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class RolloutStepsConverterTest {

  private final RolloutStepsConverter converter = new RolloutStepsConverter();

  @Test
  void countsAndPercentagesAsWatchesYamlReadsThem() {
    RolloutPolicy policy = converter.convert("1, 10%,50%,100%");

    assertThat(policy.steps())
        .containsExactly(
            new RolloutStep.Count(1),
            new RolloutStep.Percent(10),
            new RolloutStep.Percent(50),
            new RolloutStep.Percent(100));
    assertThat(policy.progressDeadline()).isEqualTo(RolloutPolicy.DEFAULT_PROGRESS_DEADLINE);
    assertThat(policy.maxUnready()).isZero();
  }

  @Test
  void aLastStepBelowAllGetsAHundredPercentAfterIt() {
    assertThat(converter.convert("5").steps())
        .containsExactly(new RolloutStep.Count(5), new RolloutStep.Percent(100));
  }

  @Test
  void stepsOutOfOrderAreRefusedWithTheReason() {
    assertThatThrownBy(() -> converter.convert("10%,5"))
        .isInstanceOf(TypeConversionException.class)
        .hasMessageContaining("'10%,5' are not rollout steps")
        .hasMessageContaining("a count after a percentage is ambiguous");
  }

  @Test
  void malformedStepsAreRefused() {
    assertThatThrownBy(() -> converter.convert("0")).hasMessageContaining("count above 0");
    assertThatThrownBy(() -> converter.convert("1,,50%"))
        .hasMessageContaining("neither a count (1) nor a percentage");
    assertThatThrownBy(() -> converter.convert("12.5%")).hasMessageContaining("whole percentage");
    assertThatThrownBy(() -> converter.convert("99999999999"))
        .hasMessageContaining("too large a count");
  }
}
