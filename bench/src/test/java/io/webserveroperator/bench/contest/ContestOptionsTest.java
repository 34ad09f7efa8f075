package io.webserveroperator.bench.contest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.dev.KubeBinaries;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContestOptionsTest {

  private static ContestOptions withWarmUps(List<Integer> warmUps) {
    return new ContestOptions(
        500,
        warmUps,
        8,
        8,
        Duration.ofHours(10),
        50,
        Duration.ofSeconds(20),
        Path.of("go-operator"),
        List.of("-XX:+UseSerialGC"),
        Path.of("operator.jar"),
        Path.of("templates"),
        Path.of("crds"),
        KubeBinaries.forBuildVersion(),
        Path.of("target"));
  }

  @Test
  void keepsTheRoundsInTheOrderGiven() {
    assertThat(withWarmUps(List.of(1, 100)).warmUps()).containsExactly(1, 100);
  }

  @Test
  void refusesNoRoundAndAWarmUpOfNone() {
    assertThatThrownBy(() -> withWarmUps(List.of())).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> withWarmUps(List.of(0, 100)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 1");
  }
}
