package io.webserveroperator.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RevisionChoiceTest {

  private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");
  private static final Set<String> KNOWN = Set.of("old", "new", "other");

  /** Moving from "old" to "new", the step letting through everything up to default/b. */
  private static final RolloutState MOVING =
      new RolloutState(
          "new",
          2,
          "old",
          RolloutState.Phase.PROGRESSING,
          0,
          NOW,
          Optional.of(new RolloutOrder(false, "default", "b")),
          List.of());

  @Test
  void withoutAPolicyEveryResourceRendersTheTarget() {
    assertThat(choose(MOVING, false, member("z", "old"))).isEqualTo("new");
  }

  @Test
  void theStepLetsThroughResourcesUpToItsLastPosition() {
    assertThat(choose(MOVING, true, member("a", "old"))).isEqualTo("new");
    assertThat(choose(MOVING, true, member("b", "old"))).isEqualTo("new");
    assertThat(choose(MOVING, true, member("c", "old"))).isEqualTo("old");
  }

  @Test
  void aResourceAlreadyOnTheTargetStaysThere() {
    assertThat(choose(MOVING, true, member("z", "new"))).isEqualTo("new");
  }

  @Test
  void aResourceNotLetThroughKeepsItsOwnRevision() {
    assertThat(choose(MOVING, true, member("z", "other"))).isEqualTo("other");
  }

  @Test
  void aNewResourceStartsOnTheLastGoodRevision() {
    assertThat(choose(MOVING, true, member("z", null))).isEqualTo("old");
  }

  @Test
  void canariesComeFirst() {
    RolloutMember canary =
        new RolloutMember(
            new RolloutOrder(true, "zzz", "zzz"),
            Optional.empty(),
            Optional.of("old"),
            true,
            true,
            false);
    assertThat(RevisionChoice.of(MOVING, true, canary, KNOWN::contains).hash()).contains("new");
  }

  @Test
  void aResourceWhoseRevisionIsGoneRendersTheLastGoodOneAndIsTold() {
    RevisionChoice choice =
        RevisionChoice.of(MOVING, true, member("z", "deleted"), KNOWN::contains);

    assertThat(choice.hash()).contains("old");
    assertThat(choice.notice()).hasValueSatisfying(n -> assertThat(n).contains("deleted", "old"));
  }

  @Test
  void whenTheLastGoodRevisionIsGoneTooTheTargetIsNeverNothing() {
    RevisionChoice choice =
        RevisionChoice.of(MOVING, true, member("z", "deleted"), Set.of("new")::contains);

    assertThat(choice.hash()).contains("new");
  }

  @Test
  void onceCompleteEveryResourceRendersTheTarget() {
    RolloutState complete = RolloutState.complete("new", 2, NOW);

    assertThat(choose(complete, true, member("z", "other"))).isEqualTo("new");
  }

  private static String choose(RolloutState state, boolean gated, RolloutMember member) {
    return RevisionChoice.of(state, gated, member, KNOWN::contains).hash().orElseThrow();
  }

  private static RolloutMember member(String name, String revision) {
    return new RolloutMember(
        new RolloutOrder(false, "default", name),
        Optional.empty(),
        Optional.ofNullable(revision),
        true,
        true,
        false);
  }
}
