package io.webserveroperator.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

/**
 * A failed wait says what it waited for and what it saw last. The waits here are cut short, as no
 * test should wait 90 s to fail.
 */
class WaitsTest {

  private static final Duration SHORT = Duration.ofMillis(300);

  @Test
  void aFailedWaitNamesWhatItWaitedForAndTheLastValueRead() {
    AtomicInteger replicas = new AtomicInteger();

    assertThatThrownBy(
            () ->
                Waits.await("the replicas of web")
                    .atMost(SHORT)
                    .until(replicas::incrementAndGet, r -> r == 0))
        .isInstanceOf(ConditionTimeoutException.class)
        .hasMessageContaining("the replicas of web")
        .hasMessageContaining("for input of <" + replicas.get() + ">");
  }

  @Test
  void aFailedAssertionSaysWhatItSaw() {
    assertThatThrownBy(
            () ->
                Waits.await("web's events")
                    .atMost(SHORT)
                    .untilAsserted(() -> assertThat(List.of("Created")).contains("DriftCorrected")))
        .isInstanceOf(ConditionTimeoutException.class)
        .hasMessageContaining("[\"Created\"]")
        .hasMessageContaining("DriftCorrected");
  }

  @Test
  void aWaitThatHoldsReturnsTheValueAtOnce() {
    assertThat(Waits.until("a constant", () -> "ready", "ready"::equals)).isEqualTo("ready");
  }
}
