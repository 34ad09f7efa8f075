package io.webserveroperator.template.watches;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Durations as Kubernetes and Go write them, or a number of seconds, read and written back. */
class GoDurationTest {

  @Test
  void readsGoDurationsAndSeconds() {
    assertThat(GoDuration.parse("30s")).isEqualTo(Duration.ofSeconds(30));
    assertThat(GoDuration.parse("5m")).isEqualTo(Duration.ofMinutes(5));
    assertThat(GoDuration.parse("1h30m")).isEqualTo(Duration.ofMinutes(90));
    assertThat(GoDuration.parse("1m500ms")).isEqualTo(Duration.ofMillis(60_500));
    assertThat(GoDuration.parse(600)).isEqualTo(Duration.ofMinutes(10));
    assertThat(GoDuration.parse("-5m")).isEqualTo(Duration.ofMinutes(-5));
  }

  @Test
  void refusesOtherText() {
    for (Object text :
        new Object[] {"5", "5 min", "1.5h", "1d", "", "m", 1.5, "99999999999999999999h"}) {
      assertThatThrownBy(() -> GoDuration.parse(text))
          .as("%s", text)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageEndingWith(" is not a duration; write it as 30s, 5m or 1h30m");
    }
  }

  @Test
  void writesTheLargestUnitFirst() {
    assertThat(GoDuration.format(Duration.ofMinutes(90))).isEqualTo("1h30m");
    assertThat(GoDuration.format(Duration.ofSeconds(90))).isEqualTo("1m30s");
    assertThat(GoDuration.format(Duration.ofHours(25))).isEqualTo("25h");
    assertThat(GoDuration.format(Duration.ofMillis(1_500))).isEqualTo("1s500ms");
    assertThat(GoDuration.format(Duration.ZERO)).isEqualTo("0s");
  }
}
