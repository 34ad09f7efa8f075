package io.webserveroperator.rollout;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a kind's move to its newest template revision stands. Stored with that revision in the
 * cluster, so that a restarted operator or a new leader carries on with the same plan.
 *
 * @param target the hash of the newest revision, the one resources move to
 * @param number the target's revision number: one more than any revision before it
 * @param from the hash of the last good revision when the move began: what resources the move has
 *     not reached render from, new ones included; the target itself when there was none
 * @param phase whether resources are moving, the move stopped on a failure, or it is over
 * @param step the index of the current step in the kind's rollout policy
 * @param stepStarted when the current step began, for its progress deadline
 * @param admittedThrough the position of the last resource the current step lets through, empty
 *     while it lets none
 * @param failed the resources ({@code namespace/name}) that were not Ready when the move paused
 */
public record RolloutState(
    String target,
    int number,
    String from,
    Phase phase,
    int step,
    Instant stepStarted,
    Optional<RolloutOrder> admittedThrough,
    List<String> failed) {

  /** How far a move has come. */
  public enum Phase {
    /** Resources are moving to the target, step by step. */
    PROGRESSING,
    /** A step missed its deadline: nothing moves until the next template edit. */
    PAUSED,
    /** Every resource may render the target; it is now the last good revision. */
    COMPLETE
  }

  public RolloutState {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(stepStarted, "stepStarted");
    admittedThrough = admittedThrough == null ? Optional.empty() : admittedThrough;
    failed = failed == null ? List.of() : List.copyOf(failed);
  }

  /** A revision every resource renders at once: the first one, or any without a policy. */
  public static RolloutState complete(String target, int number, Instant now) {
    return new RolloutState(
        target, number, target, Phase.COMPLETE, 0, now, Optional.empty(), List.of());
  }

  /**
   * The move to a new revision {@code target}, which starts from the last good revision of the move
   * before it.
   */
  public RolloutState next(String newTarget, int newNumber, Instant now) {
    String lastGood = phase == Phase.COMPLETE ? target : from;
    return new RolloutState(
        newTarget, newNumber, lastGood, Phase.PROGRESSING, 0, now, Optional.empty(), List.of());
  }

  /** This move, at the step {@code index} that begins {@code now}. */
  RolloutState atStep(int index, Instant now) {
    return new RolloutState(target, number, from, phase, index, now, admittedThrough, failed);
  }

  RolloutState admitting(Optional<RolloutOrder> last) {
    return new RolloutState(target, number, from, phase, step, stepStarted, last, failed);
  }

  RolloutState completed() {
    return new RolloutState(
        target, number, target, Phase.COMPLETE, step, stepStarted, Optional.empty(), List.of());
  }

  RolloutState paused(List<String> notReady) {
    return new RolloutState(
        target, number, from, Phase.PAUSED, step, stepStarted, admittedThrough, notReady);
  }

  /** As stored: plain values only. */
  public Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("target", target);
    map.put("number", number);
    map.put("from", from);
    map.put("phase", phase.name());
    map.put("step", step);
    map.put("stepStarted", stepStarted.toString());
    admittedThrough.ifPresent(last -> map.put("admittedThrough", last.toString()));
    if (!failed.isEmpty()) {
      map.put("failed", failed);
    }
    return map;
  }

  /**
   * What {@link #toMap} stored.
   *
   * @throws IllegalArgumentException when a field is missing or malformed
   */
  public static RolloutState fromMap(Map<?, ?> map) {
    try {
      List<String> failed =
          map.get("failed") instanceof List<?> list
              ? list.stream().map(String::valueOf).toList()
              : List.of();
      return new RolloutState(
          (String) map.get("target"),
          ((Number) map.get("number")).intValue(),
          (String) map.get("from"),
          Phase.valueOf((String) map.get("phase")),
          ((Number) map.get("step")).intValue(),
          Instant.parse((String) map.get("stepStarted")),
          Optional.ofNullable((String) map.get("admittedThrough")).map(RolloutOrder::parse),
          failed);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("not a stored rollout state: " + map + " (" + e + ")", e);
    }
  }
}
