package io.webserveroperator.status;

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

  /** The conditions of a status map; empty when there are none. */
  public static List<Condition> read(Map<String, Object> status) {
    if (status == null || !(status.get("conditions") instanceof List<?> list)) {
      return List.of();
    }
    return list.stream()
        .filter(Map.class::isInstance)
        .map(item -> Condition.fromMap((Map<?, ?>) item))
        .toList();
  }
}
