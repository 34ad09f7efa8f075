package io.webserveroperator.status;

import io.webserveroperator.manifest.UntypedMaps;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Settles the transition times of new conditions against the ones already in the status. */
public final class Conditions {

  private Conditions() {}

  /**
   * The wanted conditions, each keeping its old {@code lastTransitionTime} when its status did not
   * change, or taking {@code now} when it did (or is new).
   */
  public static List<Condition> merge(
      List<Condition> old, List<Condition> wanted, long generation, Instant now) {
    String time = now.truncatedTo(ChronoUnit.SECONDS).toString();
    List<Condition> merged = new ArrayList<>();
    for (Condition condition : wanted) {
      Condition before =
          old.stream().filter(c -> c.type().equals(condition.type())).findFirst().orElse(null);
      boolean unchanged = condition.sameStatus(before) && before.lastTransitionTime() != null;
      merged.add(
          condition.withTransition(unchanged ? before.lastTransitionTime() : time, generation));
    }
    return merged;
  }

  /**
   * The old conditions with one condition set: it takes the place of the one of its type, keeping
   * its {@code lastTransitionTime} when its status did not change, or is added last. The others
   * stay as they are.
   */
  public static List<Condition> put(
      List<Condition> old, Condition wanted, long generation, Instant now) {
    Condition settled = merge(old, List.of(wanted), generation, now).get(0);
    List<Condition> conditions = new ArrayList<>();
    boolean replaced = false;
    for (Condition condition : old) {
      if (condition.type().equals(wanted.type())) {
        conditions.add(settled);
        replaced = true;
      } else {
        conditions.add(condition);
      }
    }
    if (!replaced) {
      conditions.add(settled);
    }
    return conditions;
  }

  /** The conditions of a status map; empty when there are none. */
  public static List<Condition> read(Map<String, Object> status) {
    return UntypedMaps.getMaps(status, "conditions").stream().map(Condition::fromMap).toList();
  }
}
