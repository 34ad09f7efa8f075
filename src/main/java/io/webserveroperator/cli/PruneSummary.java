package io.webserveroperator.cli;

import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.ObjectRef;
import java.util.List;
import java.util.Objects;

/**
 * What a plan does to objects the templates no longer render, and which objects it cannot take: the
 * warning {@code diff --live} and {@code dev} give before a template edit deletes anything.
 *
 * @param pruned the objects that would be deleted (PRUNE), in plan order
 * @param kept the objects that would be left in place by {@code resource-policy: keep} (ORPHAN)
 * @param conflicts the objects that belong to someone else (CONFLICT)
 */
record PruneSummary(List<ObjectRef> pruned, List<ObjectRef> kept, List<ObjectRef> conflicts) {

  PruneSummary {
    pruned = List.copyOf(Objects.requireNonNull(pruned, "pruned"));
    kept = List.copyOf(Objects.requireNonNull(kept, "kept"));
    conflicts = List.copyOf(Objects.requireNonNull(conflicts, "conflicts"));
  }

  /** The plan's PRUNE, ORPHAN and CONFLICT objects. */
  static PruneSummary of(Plan plan) {
    return new PruneSummary(
        refs(plan, Action.PRUNE), refs(plan, Action.ORPHAN), refs(plan, Action.CONFLICT));
  }

  /**
   * Every count, zeros included: {@code 2 objects would be pruned, 1 left in place
   * (resource-policy: keep), 0 conflicts}.
   */
  String counts() {
    return prunedCount()
        + ", "
        + kept.size()
        + " left in place (resource-policy: keep), "
        + count(conflicts.size(), "conflict", "conflicts");
  }

  /**
   * The prune count with the objects' names, then the kept objects and conflicts when there are
   * any, at most {@code limit} names each (at least one): {@code 3 objects would be pruned (Service
   * default/web, ...)}.
   */
  String named(int limit) {
    StringBuilder out = new StringBuilder(prunedCount()).append(names(pruned, limit));
    if (!kept.isEmpty()) {
      out.append("; ")
          .append(kept.size())
          .append(" left in place (resource-policy: keep)")
          .append(names(kept, limit));
    }
    if (!conflicts.isEmpty()) {
      out.append("; ")
          .append(count(conflicts.size(), "conflict", "conflicts"))
          .append(names(conflicts, limit));
    }
    return out.toString();
  }

  private String prunedCount() {
    return count(pruned.size(), "object", "objects") + " would be pruned";
  }

  private static String names(List<ObjectRef> refs, int limit) {
    if (refs.isEmpty()) {
      return "";
    }
    int shown = Math.min(Math.max(limit, 1), refs.size());
    StringBuilder out = new StringBuilder(" (");
    for (int i = 0; i < shown; i++) {
      out.append(i == 0 ? "" : ", ").append(refs.get(i));
    }
    if (refs.size() > shown) {
      out.append(", and ").append(refs.size() - shown).append(" more");
    }
    return out.append(')').toString();
  }

  private static String count(int n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }

  private static List<ObjectRef> refs(Plan plan, Action action) {
    return plan.byAction(action).stream().map(PlanEntry::ref).toList();
  }
}
