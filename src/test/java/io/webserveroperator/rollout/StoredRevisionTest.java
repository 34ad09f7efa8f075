package io.webserveroperator.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.template.TemplateRevision;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Reading a kind's stored revisions back: its rollout state, and a revision a user names. */
class StoredRevisionTest {

  static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");

  static StoredRevision stored(String hash, int number, Optional<RolloutState> state) {
    return new StoredRevision(new TemplateRevision(hash, Map.of()), number, state);
  }

  @Test
  void theKindsStateIsThatOfItsNewestRevisionWithOne() {
    RolloutState first = RolloutState.complete("aaaaaaaaaa", 1, NOW);
    RolloutState second = first.next("bbbbbbbbbb", 2, NOW);
    List<StoredRevision> revisions =
        List.of(
            stored("aaaaaaaaaa", 1, Optional.of(first)),
            stored("bbbbbbbbbb", 2, Optional.of(second)),
            stored("cccccccccc", 3, Optional.empty()));

    assertThat(StoredRevision.stateOf(revisions)).contains(second);
    assertThat(StoredRevision.stateOf(List.of())).isEmpty();
  }

  @Test
  void aRevisionIsFoundByHashBeforeNumber() {
    List<StoredRevision> revisions =
        List.of(stored("2", 1, Optional.empty()), stored("bbbbbbbbbb", 2, Optional.empty()));

    assertThat(StoredRevision.find(revisions, "2")).map(StoredRevision::number).contains(1);
    assertThat(StoredRevision.find(revisions, "bbbbbbbbbb"))
        .map(StoredRevision::number)
        .contains(2);
    assertThat(StoredRevision.find(revisions, "1")).map(StoredRevision::hash).contains("2");
    assertThat(StoredRevision.find(revisions, "3")).isEmpty();
  }
}
