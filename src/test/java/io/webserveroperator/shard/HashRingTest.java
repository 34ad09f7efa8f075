package io.webserveroperator.shard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HashRingTest {

  private static final List<String> UIDS =
      IntStream.range(0, 3000)
          .mapToObj(i -> UUID.nameUUIDFromBytes(("r" + i).getBytes()).toString())
          .toList();

  @Test
  void threeMembersEachOwnBetween20And47PercentOfTheResources() {
    Map<String, Integer> shares = shares(HashRing.of(List.of("a", "b", "c")));

    assertThat(shares).containsOnlyKeys("a", "b", "c");
    shares
        .values()
        .forEach(n -> assertThat(n).isBetween(UIDS.size() * 20 / 100, UIDS.size() * 47 / 100));
  }

  @Test
  void aFourthMemberTakesAboutAQuarterAndOnlyFromTheOthersToItself() {
    HashRing three = HashRing.of(List.of("a", "b", "c"));
    HashRing four = HashRing.of(List.of("a", "b", "c", "d"));

    int moved = 0;
    for (String uid : UIDS) {
      String before = three.owner(uid).orElseThrow();
      String after = four.owner(uid).orElseThrow();
      if (!before.equals(after)) {
        assertThat(after).as("a moved resource goes to the new member").isEqualTo("d");
        moved++;
      }
    }
    assertThat(moved).isBetween(UIDS.size() * 15 / 100, UIDS.size() * 35 / 100);
  }

  @Test
  void losingAMemberMovesOnlyItsResources() {
    HashRing three = HashRing.of(List.of("a", "b", "c"));
    HashRing two = HashRing.of(List.of("a", "c"));

    for (String uid : UIDS) {
      String before = three.owner(uid).orElseThrow();
      if (!before.equals("b")) {
        assertThat(two.owner(uid)).contains(before);
      }
    }
  }

  @Test
  void theOwnerDoesNotDependOnTheOrderOfTheMembers() {
    HashRing one = HashRing.of(List.of("a", "b", "c"));
    HashRing other = HashRing.of(List.of("c", "a", "b"));

    UIDS.forEach(uid -> assertThat(other.owner(uid)).isEqualTo(one.owner(uid)));
  }

  @Test
  void anEmptyRingOwnsNothing() {
    assertThat(HashRing.of(List.of()).owner("uid")).isEmpty();
  }

  private static Map<String, Integer> shares(HashRing ring) {
    Map<String, Integer> shares = new HashMap<>();
    UIDS.forEach(uid -> shares.merge(ring.owner(uid).orElseThrow(), 1, Integer::sum));
    return shares;
  }
}
