package io.webserveroperator.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.shard.Assignment.Action;
import io.webserveroperator.shard.Assignment.Move;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AssignmentTest {

  private static final Set<String> LIVE = Set.of("a", "b", "c");
  private static final HashRing RING = HashRing.of(LIVE);
  private static final String UID = "4f7d2c1e-0000-4000-8000-000000000001";
  private static final String WANTED = RING.owner(UID).orElseThrow();
  private static final String OTHER =
      LIVE.stream().filter(m -> !m.equals(WANTED)).findFirst().orElseThrow();

  @Test
  void anUnlabelledResourceIsAssignedToItsMemberOnTheRing() {
    assertThat(decide(Optional.empty(), false, LIVE)).isEqualTo(new Move(Action.ASSIGN, WANTED));
  }

  @Test
  void aResourceOfItsMemberIsKept() {
    assertThat(decide(Optional.of(WANTED), false, LIVE).action()).isEqualTo(Action.KEEP);
  }

  @Test
  void aLiveOwnerThatIsNotTheRingsMemberIsAskedToDrainNotOverruled() {
    assertThat(decide(Optional.of(OTHER), false, LIVE)).isEqualTo(new Move(Action.DRAIN, WANTED));
  }

  @Test
  void whileTheLiveOwnerHasNotReleasedNothingIsWritten() {
    assertThat(decide(Optional.of(OTHER), true, LIVE).action()).isEqualTo(Action.KEEP);
  }

  @Test
  void anOwnerWhoseLeaseExpiredLosesTheResourceAtOnce() {
    Set<String> live = Set.of(WANTED);
    HashRing ring = HashRing.of(live);

    Move move = Assignment.decide(UID, Optional.of(OTHER), true, live, ring);

    assertThat(move).isEqualTo(new Move(Action.ASSIGN, WANTED));
  }

  @Test
  void aDrainRequestIsWithdrawnWhenTheOwnerIsTheRingsMemberAgain() {
    assertThat(decide(Optional.of(WANTED), true, LIVE).action()).isEqualTo(Action.CANCEL_DRAIN);
  }

  @Test
  void withoutLiveMembersNothingChanges() {
    Move move = Assignment.decide(UID, Optional.of("a"), false, Set.of(), HashRing.of(Set.of()));

    assertThat(move.action()).isEqualTo(Action.KEEP);
  }

  private static Move decide(Optional<String> owner, boolean drain, Set<String> live) {
    return Assignment.decide(UID, owner, drain, live, RING);
  }
}
