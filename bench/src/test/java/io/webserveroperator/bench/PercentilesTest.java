package io.webserveroperator.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class PercentilesTest {

  @Test
  void nearestRankOfOneToHundredMillisecondsInAnyOrder() {
    List<Duration> samples = new ArrayList<>();
    for (int i = 1; i <= 100; i++) {
      samples.add(Duration.ofMillis(i));
    }
    Collections.shuffle(samples);

    Percentiles percentiles = Percentiles.of(samples);

    assertThat(percentiles.count()).isEqualTo(100);
    assertThat(percentiles.p50()).isEqualTo(Duration.ofMillis(50));
    assertThat(percentiles.p99()).isEqualTo(Duration.ofMillis(99));
    assertThat(percentiles.max()).isEqualTo(Duration.ofMillis(100));
  }

  @Test
  void fewSamplesRoundUpToAnActualSample() {
    Percentiles percentiles =
        Percentiles.of(
            List.of(Duration.ofMillis(30), Duration.ofMillis(10), Duration.ofMillis(20)));

    assertThat(percentiles.p50()).isEqualTo(Duration.ofMillis(20));
    assertThat(percentiles.p99()).isEqualTo(Duration.ofMillis(30));
  }

  @Test
  void noSamplesGiveZeros() {
    assertThat(Percentiles.of(List.of()))
        .isEqualTo(new Percentiles(0, Duration.ZERO, Duration.ZERO, Duration.ZERO));
  }
}
