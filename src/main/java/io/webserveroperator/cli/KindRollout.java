package io.webserveroperator.cli;

import io.webserveroperator.rollout.RolloutMember;
import io.webserveroperator.rollout.RolloutState;
import io.webserveroperator.rollout.StoredKind;
import io.webserveroperator.rollout.StoredRevision;
import io.webserveroperator.template.watches.RolloutPolicy;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One kind's rollout as {@code rollout status} reads it from the cluster.
 *
 * @param kind the kind, as its stored revisions name it
 * @param policy its rollout policy in the local watches.yaml; empty when that lists no such kind or
 *     gives it no policy
 * @param revisions its stored revisions, oldest number first
 * @param resources its resources as a rollout sees them
 */
record KindRollout(
    StoredKind kind,
    Optional<RolloutPolicy> policy,
    List<StoredRevision> revisions,
    List<RolloutMember> resources) {

  KindRollout {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(policy, "policy");
    revisions = List.copyOf(revisions);
    resources = List.copyOf(resources);
  }

  /** Where its rollout stands: the state of its newest revision, as the operator reads it. */
  Optional<RolloutState> state() {
    return StoredRevision.stateOf(revisions);
  }
}
