package io.webserveroperator.rollout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RolloutStateTest {

  private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");

  @Test
  void aStoredStateReadsBackTheSame() {
    RolloutState state =
        new RolloutState(
            "b2",
            3,
            "a1",
            RolloutState.Phase.PAUSED,
            1,
            NOW,
            Optional.of(new RolloutOrder(true, "shop", "web")),
            List.of("shop/web"));

    assertThat(RolloutState.fromMap(state.toMap())).isEqualTo(state);
  }

  @Test
  void aNewMoveStartsFromTheTargetOfACompleteOne() {
    RolloutState next = RolloutState.complete("a1", 1, NOW).next("b2", 2, NOW);

    assertThat(next.from()).isEqualTo("a1");
    assertThat(next.phase()).isEqualTo(RolloutState.Phase.PROGRESSING);
    assertThat(next.step()).isZero();
  }

  @Test
  void aNewMoveStartsFromTheLastGoodRevisionOfAPausedOne() {
    RolloutState paused = RolloutState.complete("a1", 1, NOW).next("b2", 2, NOW).paused(List.of());

    assertThat(paused.next("c3", 3, NOW).from()).isEqualTo("a1");
  }

  @Test
  void aMalformedStoredStateSaysWhat() {
    assertThatThrownBy(() -> RolloutState.fromMap(Map.of("target", "a1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a stored rollout state");
  }

  @Test
  void positionsOrderCanariesFirstThenByNamespaceAndName() {
    RolloutOrder canary = new RolloutOrder(true, "z", "z");
    RolloutOrder a = new RolloutOrder(false, "a", "z");
    RolloutOrder b = new RolloutOrder(false, "b", "a");

    assertThat(List.of(b, a, canary).stream().sorted()).containsExactly(canary, a, b);
    assertThat(RolloutOrder.parse(canary.toString())).isEqualTo(canary);
    assertThat(RolloutOrder.parse(a.toString())).isEqualTo(a);
  }
}
