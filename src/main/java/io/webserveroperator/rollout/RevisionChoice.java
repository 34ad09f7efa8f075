package io.webserveroperator.rollout;

import java.util.Optional;
import java.util.function.Predicate;

/**
 * The revision one resource renders from, and what to tell about that choice.
 *
 * @param hash the revision's hash; empty when there is nothing to render from (the pinned revision
 *     is unknown, or the kind's templates never loaded and none is stored)
 * @param problem why the resource cannot render, when {@code hash} is empty and that is its own
 *     fault (a pin to an unknown revision)
 * @param notice what a user should know although it renders: the revision it was on is gone
 */
public record RevisionChoice(
    Optional<String> hash, Optional<String> problem, Optional<String> notice) {

  /** Renders from {@code hash}. */
  public static RevisionChoice of(String hash) {
    return new RevisionChoice(Optional.of(hash), Optional.empty(), Optional.empty());
  }

  /** Cannot render, for {@code reason}. */
  public static RevisionChoice refused(String reason) {
    return new RevisionChoice(Optional.empty(), Optional.of(reason), Optional.empty());
  }

  /** No revision is known: the kind's current templates, whatever they are, decide. */
  public static RevisionChoice current() {
    return new RevisionChoice(Optional.empty(), Optional.empty(), Optional.empty());
  }

  /**
   * The revision of a resource that is not pinned, under a kind's move {@code state}. Without a
   * policy, or once a move is complete, that is the target. Else a resource already on the target
   * stays there, one the current step lets through moves there, and any other keeps the revision it
   * is on: only a step moves a resource. A new resource starts on the last good revision, as does
   * one whose revision is no longer known (with a notice saying so).
   *
   * @param gated whether the kind has a rollout policy
   * @param known whether a revision can be rendered from
   */
  static RevisionChoice of(
      RolloutState state, boolean gated, RolloutMember member, Predicate<String> known) {
    String target = state.target();
    if (!gated
        || state.phase() == RolloutState.Phase.COMPLETE
        || member.revision().filter(target::equals).isPresent()
        || state
            .admittedThrough()
            .filter(last -> member.position().compareTo(last) <= 0)
            .isPresent()) {
      return of(target);
    }
    String lastGood = known.test(state.from()) ? state.from() : target;
    if (member.revision().isEmpty()) {
      return of(lastGood);
    }
    String revision = member.revision().get();
    if (known.test(revision)) {
      return of(revision);
    }
    return new RevisionChoice(
        Optional.of(lastGood),
        Optional.empty(),
        Optional.of(
            "Its template revision "
                + revision
                + " is no longer stored; it renders from "
                + lastGood
                + ", the last good revision, until the rollout reaches it."));
  }
}
