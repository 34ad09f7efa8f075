package io.webserveroperator.rollout;

import java.util.Optional;

/**
 * One resource of a kind as a rollout sees it, read from its cached copy.
 *
 * @param position where it stands in every rollout of its kind
 * @param pin the revision (hash or number) its {@value Rollouts#PIN_ANNOTATION} annotation names
 * @param revision the hash of the revision its status says its children were last applied from
 * @param applied whether that status is about its current spec ({@code observedGeneration} caught
 *     up)
 * @param ready whether its {@code Ready} condition is {@code True} for its current spec
 * @param excluded whether it cannot move at all (suspended, or being deleted), so that a step
 *     neither counts nor waits for it
 */
public record RolloutMember(
    RolloutOrder position,
    Optional<String> pin,
    Optional<String> revision,
    boolean applied,
    boolean ready,
    boolean excluded) {

  /** {@code namespace/name}, as events and {@code rollout status} name it. */
  public String name() {
    return position.namespace().isEmpty()
        ? position.name()
        : position.namespace() + "/" + position.name();
  }

  /** Whether its children were applied from {@code hash} for its current spec. */
  boolean on(String hash) {
    return applied && revision.filter(hash::equals).isPresent();
  }

  /** Whether it moves with the rollout: neither pinned nor unable to move. */
  boolean moves() {
    return pin.isEmpty() && !excluded;
  }
}
