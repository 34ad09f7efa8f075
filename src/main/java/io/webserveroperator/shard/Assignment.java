package io.webserveroperator.shard;

import java.util.Optional;
import java.util.Set;

/**
 * What the leader does with one resource, given the live members, the resource's shard label and
 * whether its owner has been asked to release it. Pure: the whole handover protocol in one place.
 *
 * <ol>
 *   <li>No label, or an owner whose Lease expired (it has stopped): label it with the ring's member
 *       at once.
 *   <li>A live owner that is not the ring's member: ask it to drain (an annotation), and wait. The
 *       owner finishes any reconcile of the resource, then removes its label: step 1 follows.
 *   <li>The owner is the ring's member again while a drain is pending: withdraw the request.
 * </ol>
 *
 * At no step does the label name a second live member while the first may still reconcile.
 */
public final class Assignment {

  /** What to write. */
  public enum Action {
    /** Nothing: the label is right, or the owner has not released yet. */
    KEEP,
    /** Write the shard label {@link Move#member()}, and remove any drain request. */
    ASSIGN,
    /** Ask the owner to release the resource for {@link Move#member()}. */
    DRAIN,
    /** Remove the drain request: the owner stays. */
    CANCEL_DRAIN
  }

  /**
   * One decision.
   *
   * @param member the new owner for {@link Action#ASSIGN} and {@link Action#DRAIN}, else null
   */
  public record Move(Action action, String member) {
    static final Move KEEP = new Move(Action.KEEP, null);
  }

  private Assignment() {}

  /**
   * @param uid the resource's UID, its key on the ring
   * @param owner its shard label, empty when it has none
   * @param drainRequested whether it carries the drain annotation
   * @param live the members whose Lease has not expired
   * @param ring the ring over {@code live}
   */
  public static Move decide(
      String uid, Optional<String> owner, boolean drainRequested, Set<String> live, HashRing ring) {
    Optional<String> wanted = ring.owner(uid);
    if (wanted.isEmpty()) {
      return Move.KEEP;
    }
    String target = wanted.get();
    if (owner.isEmpty() || !live.contains(owner.get())) {
      return new Move(Action.ASSIGN, target);
    }
    if (owner.get().equals(target)) {
      return drainRequested ? new Move(Action.CANCEL_DRAIN, null) : Move.KEEP;
    }
    return drainRequested ? Move.KEEP : new Move(Action.DRAIN, target);
  }
}
