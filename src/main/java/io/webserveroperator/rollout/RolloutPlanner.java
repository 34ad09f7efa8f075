package io.webserveroperator.rollout;

import io.webserveroperator.template.RolloutPolicy;
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
    List<RolloutMember> moving =
        members.stream()
            .filter(RolloutMember::moves)
            .sorted(Comparator.comparing(RolloutMember::position))
            .toList();
    RolloutState current = state;
    while (true) {
      int allowed = policy.allowed(current.step(), moving.size());
      List<RolloutMember> admitted = moving.subList(0, allowed);
      current =
          current.admitting(
              admitted.isEmpty()
                  ? Optional.empty()
                  : Optional.of(admitted.get(admitted.size() - 1).position()));
      String target = current.target();
      List<RolloutMember> unready = unready(target, admitted);
      boolean applied = admitted.stream().allMatch(member -> member.on(target));
      if (applied && unready.size() <= policy.maxUnready()) {
        if (policy.isLast(current.step()) || allowed == moving.size()) {
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

  private static List<RolloutMember> unready(String target, List<RolloutMember> admitted) {
    return admitted.stream().filter(member -> !(member.on(target) && member.ready())).toList();
  }

  private static List<String> names(List<RolloutMember> unready) {
    Stream<String> named = unready.stream().limit(NAMED_FAILURES).map(RolloutMember::name);
    int more = unready.size() - NAMED_FAILURES;
    return (more > 0 ? Stream.concat(named, Stream.of("and " + more + " more")) : named).toList();
  }
}
