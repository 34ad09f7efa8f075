package io.webserveroperator.rollout;

import io.webserveroperator.template.watches.RolloutPolicy;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Moves a kind's rollout on, from what its resources' statuses say: pure, so that any replica given
 * the same resources plans the same steps.
 *
 * <p>A step lets through the first resources in {@link RolloutOrder}, as many as the policy allows
 * for it among the resources that move (pinned, suspended and deleted ones are left out). It is
 * done once each of them has applied the target for its current spec (a render or apply that fails
 * holds it back) and at most {@code maxUnready} of them are not Ready; then the next step begins at
 * once, and after the last the target is the last good revision. A step not done within {@code
 * progressDeadline} pauses the rollout, naming the resources that were not Ready.
 */
public final class RolloutPlanner {

  /** How many failed resources a paused state names; the rest are counted. */
  static final int NAMED_FAILURES = 20;

  private RolloutPlanner() {}

  /** The state after {@code state}, given the kind's resources as they are {@code now}. */
  public static RolloutState next(
      RolloutPolicy policy, RolloutState state, List<RolloutMember> members, Instant now) {
    if (state.phase() != RolloutState.Phase.PROGRESSING) {
      return state;
    }
    List<RolloutMember> moving = moving(members);
    RolloutState current = state;
    while (true) {
      List<RolloutMember> admitted = admitted(policy, current.step(), moving);
      current =
          current.admitting(
              admitted.isEmpty()
                  ? Optional.empty()
                  : Optional.of(admitted.get(admitted.size() - 1).position()));
      String target = current.target();
      List<RolloutMember> unready = unready(target, admitted);
      boolean applied = admitted.stream().allMatch(member -> member.on(target));
      if (applied && unready.size() <= policy.maxUnready()) {
        if (policy.isLast(current.step()) || admitted.size() == moving.size()) {
          return current.completed();
        }
        current = current.atStep(current.step() + 1, now);
        continue;
      }
      if (!now.isBefore(current.stepStarted().plus(policy.progressDeadline()))) {
        return current.paused(names(unready));
      }
      return current;
    }
  }

  /**
   * The resources step {@code stepIndex} (0-based) lets through: the first of those that move, in
   * {@link RolloutOrder}, as many as the policy allows then. Pinned, suspended and deleted ones are
   * never among them.
   *
   * @throws IndexOutOfBoundsException when the policy has no such step
   */
  public static List<RolloutMember> admitted(
      RolloutPolicy policy, int stepIndex, List<RolloutMember> members) {
    List<RolloutMember> moving = moving(members);
    return moving.subList(0, policy.allowed(stepIndex, moving.size()));
  }

  /**
   * The resources the step after the current one would move to the target: those it lets through
   * that are not on the target yet. Empty when no step follows: the rollout is complete or paused
   * (only a template edit moves it on), or at its last step.
   */
  public static Optional<List<RolloutMember>> nextStep(
      RolloutPolicy policy, RolloutState state, List<RolloutMember> members) {
    if (state.phase() != RolloutState.Phase.PROGRESSING || state.step() + 1 >= policy.stepCount()) {
      return Optional.empty();
    }
    return Optional.of(
        admitted(policy, state.step() + 1, members).stream()
            .filter(member -> !member.on(state.target()))
            .toList());
  }

  private static List<RolloutMember> moving(List<RolloutMember> members) {
    return members.stream()
        .filter(RolloutMember::moves)
        .sorted(Comparator.comparing(RolloutMember::position))
        .toList();
  }

  private static List<RolloutMember> unready(String target, List<RolloutMember> admitted) {
    return admitted.stream().filter(member -> !(member.on(target) && member.ready())).toList();
  }

  private static List<String> names(List<RolloutMember> unready) {
    Stream<String> named = unready.stream().limit(NAMED_FAILURES).map(RolloutMember::name);
    int more = unready.size() - NAMED_FAILURES;
    return (more > 0 ? Stream.concat(named, Stream.of("and " + more + " more")) : named).toList();
  }
}
