package io.webserveroperator.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.template.watches.RolloutStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RolloutPlannerTest {

  private static final Instant START = Instant.parse("2026-12-01T00:00:00Z");

  /** Steps [1, "50%", "100%"], a minute each, no resource may stay not Ready. */
  private static final RolloutPolicy POLICY =
      new RolloutPolicy(
          List.of(new RolloutStep.Count(1), new RolloutStep.Percent(50)), Duration.ofMinutes(1), 0);

  private static final RolloutState BEGUN =
      RolloutState.complete("old", 1, START).next("new", 2, START);

  @Test
  void theFirstStepLetsThroughTheFirstResourceInOrder() {
    RolloutState state = RolloutPlanner.next(POLICY, BEGUN, members(20, 0), START);

    assertThat(state.step()).isZero();
    assertThat(state.admittedThrough()).contains(position(0));
    assertThat(state.phase()).isEqualTo(RolloutState.Phase.PROGRESSING);
  }

  @Test
  void aStepWhoseResourcesAreReadyOnTheTargetGivesWayToTheNext() {
    RolloutState state = RolloutPlanner.next(POLICY, BEGUN, members(20, 1), START.plusSeconds(5));

    assertThat(state.step()).isEqualTo(1);
    assertThat(state.stepStarted()).isEqualTo(START.plusSeconds(5));
    assertThat(state.admittedThrough()).contains(position(9));
  }

  @Test
  void theLastStepDoneMakesTheTargetTheLastGoodRevision() {
    RolloutState state = RolloutPlanner.next(POLICY, BEGUN, members(20, 20), START);

    assertThat(state.phase()).isEqualTo(RolloutState.Phase.COMPLETE);
    assertThat(state.from()).isEqualTo("new");
  }

  @Test
  void aResourceThatHasNotAppliedTheTargetHoldsTheStepBackUntilItsDeadline() {
    List<RolloutMember> members = members(20, 0);

    assertThat(RolloutPlanner.next(POLICY, BEGUN, members, START.plusSeconds(59)).phase())
        .isEqualTo(RolloutState.Phase.PROGRESSING);
    RolloutState paused = RolloutPlanner.next(POLICY, BEGUN, members, START.plusSeconds(60));
    assertThat(paused.phase()).isEqualTo(RolloutState.Phase.PAUSED);
    assertThat(paused.failed()).containsExactly("default/web-00");
  }

  @Test
  void aResourceOnTheTargetButNotReadyPausesTheRolloutAtTheDeadline() {
    List<RolloutMember> members = new ArrayList<>(members(20, 0));
    members.set(0, member(0, "new", false));

    RolloutState paused = RolloutPlanner.next(POLICY, BEGUN, members, START.plusSeconds(61));

    assertThat(paused.phase()).isEqualTo(RolloutState.Phase.PAUSED);
    assertThat(paused.failed()).containsExactly("default/web-00");
  }

  @Test
  void maxUnreadyToleratesResourcesThatAppliedButAreNotReady() {
    RolloutPolicy tolerant = new RolloutPolicy(POLICY.steps(), Duration.ofMinutes(1), 1);
    List<RolloutMember> members = new ArrayList<>(members(20, 0));
    members.set(0, member(0, "new", false));

    assertThat(RolloutPlanner.next(tolerant, BEGUN, members, START).step()).isEqualTo(1);
  }

  @Test
  void aPausedRolloutStaysPaused() {
    RolloutState paused = BEGUN.paused(List.of("default/web-00"));

    assertThat(RolloutPlanner.next(POLICY, paused, members(20, 20), START)).isEqualTo(paused);
  }

  @Test
  void pinnedAndSuspendedResourcesNeitherCountNorHoldAStepBack() {
    List<RolloutMember> members = new ArrayList<>(members(3, 3));
    members.add(
        new RolloutMember(position(3), Optional.of("old"), Optional.of("old"), true, true, false));
    members.add(
        new RolloutMember(position(4), Optional.empty(), Optional.of("old"), true, true, true));

    assertThat(RolloutPlanner.next(POLICY, BEGUN, members, START).phase())
        .isEqualTo(RolloutState.Phase.COMPLETE);
  }

  @Test
  void aKindWithoutResourcesCompletesAtOnce() {
    assertThat(RolloutPlanner.next(POLICY, BEGUN, List.of(), START).phase())
        .isEqualTo(RolloutState.Phase.COMPLETE);
  }

  @Test
  void aPausedStateNamesTwentyResourcesAndCountsTheRest() {
    RolloutPolicy everyone =
        new RolloutPolicy(List.of(new RolloutStep.Percent(100)), Duration.ofMinutes(1), 0);

    RolloutState paused =
        RolloutPlanner.next(everyone, BEGUN, members(30, 0), START.plus(Duration.ofHours(1)));

    assertThat(paused.failed()).hasSize(21).endsWith("and 10 more");
  }

  @Test
  void aStepAdmitsTheFirstResourcesThatMoveCanariesFirst() {
    List<RolloutMember> members = new ArrayList<>(members(4, 0));
    members.add(
        new RolloutMember(
            new RolloutOrder(true, "zzz", "canary"),
            Optional.empty(),
            Optional.of("old"),
            true,
            true,
            false));
    members.set(
        0, new RolloutMember(position(0), Optional.of("old"), Optional.empty(), true, true, false));
    members.set(
        1, new RolloutMember(position(1), Optional.empty(), Optional.empty(), true, true, true));

    assertThat(RolloutPlanner.admitted(POLICY, 0, members))
        .extracting(RolloutMember::name)
        .containsExactly("zzz/canary");
    assertThat(RolloutPlanner.admitted(POLICY, 1, members))
        .extracting(RolloutMember::name)
        .containsExactly("zzz/canary", "default/web-02");
  }

  @Test
  void theNextStepMovesWhatItAdmitsThatIsNotOnTheTargetYet() {
    RolloutState firstStep = RolloutPlanner.next(POLICY, BEGUN, members(6, 0), START);

    assertThat(RolloutPlanner.nextStep(POLICY, firstStep, members(6, 1)))
        .hasValueSatisfying(
            moved ->
                assertThat(moved)
                    .extracting(RolloutMember::name)
                    .containsExactly("default/web-01", "default/web-02"));
  }

  @Test
  void noStepFollowsAPausedOrCompleteRolloutOrItsLastStep() {
    List<RolloutMember> members = members(6, 0);
    RolloutState lastStep = BEGUN.atStep(POLICY.stepCount() - 1, START);

    assertThat(RolloutPlanner.nextStep(POLICY, BEGUN.paused(List.of()), members)).isEmpty();
    assertThat(RolloutPlanner.nextStep(POLICY, BEGUN.completed(), members)).isEmpty();
    assertThat(RolloutPlanner.nextStep(POLICY, lastStep, members)).isEmpty();
  }

  /** {@code count} resources, the first {@code moved} of them Ready on the target. */
  private static List<RolloutMember> members(int count, int moved) {
    return IntStream.range(0, count)
        .mapToObj(i -> member(i, i < moved ? "new" : "old", true))
        .toList();
  }

  private static RolloutMember member(int index, String revision, boolean ready) {
    return new RolloutMember(
        position(index), Optional.empty(), Optional.of(revision), true, ready, false);
  }

  private static RolloutOrder position(int index) {
    return new RolloutOrder(false, "default", String.format("web-%02d", index));
  }
}
