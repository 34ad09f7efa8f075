package io.webserveroperator.rollout;

import io.webserveroperator.template.TemplateRevision;
import java.util.List;
import java.util.Optional;

/**
 * A template revision as kept in the cluster.
 *
 * @param revision its files and hash
 * @param number its revision number, as Deployments number their ReplicaSets: a revision made
 *     current again (templates edited back) gets the next number
 * @param state the rollout that moved resources to it, as it last stood
 */
public record StoredRevision(TemplateRevision revision, int number, Optional<RolloutState> state) {

  public String hash() {
    return revision.hash();
  }

  /**
   * Where a kind's rollout stands, given its stored revisions oldest number first: the state of the
   * newest that has one, as the operator reads it back.
   */
  public static Optional<RolloutState> stateOf(List<StoredRevision> revisions) {
    return revisions.stream().flatMap(stored -> stored.state().stream()).reduce((a, b) -> b);
  }

  /** The revision that {@code name} names by hash, else by number, as a pin names one. */
  public static Optional<StoredRevision> find(List<StoredRevision> revisions, String name) {
    return revisions.stream()
        .filter(stored -> stored.hash().equals(name))
        .findFirst()
        .or(
            () ->
                revisions.stream()
                    .filter(stored -> Integer.toString(stored.number()).equals(name))
                    .findFirst());
  }
}
