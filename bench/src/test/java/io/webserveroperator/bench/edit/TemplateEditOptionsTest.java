package io.webserveroperator.bench.edit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.template.watches.RolloutStep;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TemplateEditOptionsTest {

  private static final RolloutPolicy POLICY =
      new RolloutPolicy(List.of(new RolloutStep.Count(1)), Duration.ofMinutes(30), 0);

  @Test
  void aPolicyWithoutTheEditPhaseIsRefused() {
    assertThatThrownBy(
            () -> new TemplateEditOptions(false, Optional.of(POLICY), Duration.ofSeconds(5)))
        .hasMessageContaining("add --template-edit");
  }

  @Test
  void aNegativeRolloutTimeIsRefusedAndZeroIsAnInstantController() {
    assertThatThrownBy(
            () -> new TemplateEditOptions(true, Optional.empty(), Duration.ofSeconds(-1)))
        .hasMessageContaining("--rollout-time");
    assertThat(new TemplateEditOptions(true, Optional.of(POLICY), Duration.ZERO).policy())
        .contains(POLICY);
  }
}
