package io.webserveroperator.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CountWaitTest {

  private final CountWait wait = new CountWait("WebServers were settled", "settled");

  @Test
  void returnsOnceTheCountReachesItsGoal() {
    AtomicInteger reached = new AtomicInteger();
    Duration took =
        wait.await(
            reached::incrementAndGet, 3, System.nanoTime(), Duration.ofSeconds(10), line -> {});
    assertThat(reached).hasValue(3);
    assertThat(took).isLessThan(Duration.ofSeconds(10));
  }

  @Test
  void failsAtTheTimeoutSayingHowManyOfHowMany() {
    List<String> progress = new ArrayList<>();
    assertThatThrownBy(
            () -> wait.await(() -> 1, 2, System.nanoTime(), Duration.ZERO, progress::add))
        .isInstanceOf(BenchException.class)
        .hasMessage("Only 1 of 2 WebServers were settled after 0 s.");
  }
}
