package io.webserveroperator.cli;

import io.webserveroperator.rollout.RolloutMember;
import io.webserveroperator.rollout.RolloutPlanner;
import io.webserveroperator.rollout.RolloutState;
import io.webserveroperator.rollout.StoredRevision;
import io.webserveroperator.template.watches.GoDuration;
import io.webserveroperator.template.watches.RolloutPolicy;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What {@code rollout status} prints for each kind: its target revision and phase, the step and
 * since when, the last good revision, how many resources are on each revision, the pinned ones and,
 * when paused, the resources that were not Ready and what to do. Pure: the command reads the
 * cluster.
 */
final class RolloutStatusPrinter {

  /** How many pinned resources are named; the rest are counted. */
  static final int NAMED_PINS = 20;

  private RolloutStatusPrinter() {}

  /** Every kind's block, a blank line between two. */
  static String print(List<KindRollout> kinds, Instant now) {
    return kinds.stream().map(kind -> print(kind, now)).collect(Collectors.joining("\n"));
  }

  private static String print(KindRollout kind, Instant now) {
    StringBuilder out = new StringBuilder().append(kind.kind()).append('\n');
    Revisions revisions = new Revisions(kind.revisions());
    Optional<RolloutState> found = kind.state();
    if (found.isEmpty()) {
      field(out, "Target", "unknown: no stored revision has a rollout state (edited by hand?)");
      return out.toString();
    }
    RolloutState state = found.get();
    String phase = state.phase().name().toLowerCase(Locale.ROOT);
    field(out, "Target", revisions.name(state.target()) + ", " + phase);
    if (state.phase() != RolloutState.Phase.COMPLETE) {
      Duration took = Duration.between(state.stepStarted(), now).truncatedTo(ChronoUnit.SECONDS);
      field(
          out,
          "Step",
          step(kind.policy(), state.step(), kind.resources())
              + ", since "
              + state.stepStarted().truncatedTo(ChronoUnit.SECONDS)
              + " ("
              + GoDuration.format(took.isNegative() ? Duration.ZERO : took)
              + " ago)");
      field(out, "Policy", policy(kind.policy(), state.step()));
      field(out, "Last good", revisions.name(state.from()));
    }
    field(out, "Resources", Integer.toString(kind.resources().size()));
    table(out, counts(kind.resources(), revisions, state));
    List<RolloutMember> pinned =
        kind.resources().stream().filter(member -> member.pin().isPresent()).toList();
    if (!pinned.isEmpty()) {
      field(out, "Pinned", Integer.toString(pinned.size()));
      table(out, pins(pinned, revisions));
    }
    if (state.phase() == RolloutState.Phase.PAUSED) {
      field(
          out,
          "Not Ready",
          String.join(", ", state.failed()) + " (see their RolloutPaused events)");
      out.append("  Nothing moves until the templates change: edit them to roll out a fix, or\n")
          .append("  restore those of ")
          .append(revisions.name(state.from()))
          .append(" to roll back.\n");
    }
    return out.toString();
  }

  /**
   * {@code 2 of 4 (10%: 3 resources)} with the local policy; else {@code 2}, as the operator's
   * policy is not known here.
   */
  private static String step(
      Optional<RolloutPolicy> policy, int index, List<RolloutMember> resources) {
    String number = Integer.toString(index + 1);
    return policy
        .filter(known -> index < known.stepCount())
        .map(
            known ->
                number
                    + " of "
                    + known.stepCount()
                    + " ("
                    + known.steps().get(index)
                    + ": "
                    + resources(RolloutPlanner.admitted(known, index, resources).size())
                    + ")")
        .orElse(number);
  }

  private static String resources(int count) {
    return count + (count == 1 ? " resource" : " resources");
  }

  private static String policy(Optional<RolloutPolicy> policy, int index) {
    if (policy.isEmpty()) {
      return "not in the local watches.yaml (--templates)";
    }
    String described = policy.get().describe();
    return index < policy.get().stepCount()
        ? described
        : described + " in the local watches.yaml, which has no step " + (index + 1);
  }

  /** A row per revision with resources, the target and the last good one, newest first. */
  private static List<Row> counts(
      List<RolloutMember> resources, Revisions revisions, RolloutState state) {
    Map<Optional<String>, Long> counts =
        resources.stream()
            .collect(Collectors.groupingBy(RolloutMember::revision, Collectors.counting()));
    List<Row> rows = new ArrayList<>();
    for (StoredRevision stored : revisions.newestFirst()) {
      long count = counts.getOrDefault(Optional.of(stored.hash()), 0L);
      if (count > 0 || stored.hash().equals(state.target()) || stored.hash().equals(state.from())) {
        rows.add(new Row(revisions.name(stored.hash()), Long.toString(count)));
      }
    }
    TreeSet<String> unknown = new TreeSet<>();
    counts.keySet().forEach(hash -> hash.filter(h -> !revisions.stored(h)).ifPresent(unknown::add));
    for (String hash : unknown) {
      rows.add(new Row(revisions.name(hash), Long.toString(counts.get(Optional.of(hash)))));
    }
    Long none = counts.get(Optional.empty());
    if (none != null) {
      rows.add(new Row("(none yet)", Long.toString(none)));
    }
    return rows;
  }

  private static List<Row> pins(List<RolloutMember> pinned, Revisions revisions) {
    List<Row> rows = new ArrayList<>();
    pinned.stream()
        .limit(NAMED_PINS)
        .forEach(member -> rows.add(new Row(member.name(), revisions.pin(member.pin().get()))));
    if (pinned.size() > NAMED_PINS) {
      rows.add(new Row("and " + (pinned.size() - NAMED_PINS) + " more", ""));
    }
    return rows;
  }

  private static void field(StringBuilder out, String name, String value) {
    out.append(String.format("  %-11s %s%n", name + ":", value));
  }

  /** Rows under a field: labels aligned, values right-aligned. */
  private static void table(StringBuilder out, List<Row> rows) {
    int label = rows.stream().mapToInt(row -> row.label().length()).max().orElse(0);
    int value = rows.stream().mapToInt(row -> row.value().length()).max().orElse(1);
    String format = "    %-" + label + "s  %" + Math.max(value, 1) + "s";
    for (Row row : rows) {
      out.append(String.format(format, row.label(), row.value()).stripTrailing()).append('\n');
    }
  }

  private record Row(String label, String value) {}

  /** A kind's stored revisions, to name a hash with its number. */
  private record Revisions(List<StoredRevision> all) {

    boolean stored(String hash) {
      return all.stream().anyMatch(stored -> stored.hash().equals(hash));
    }

    List<StoredRevision> newestFirst() {
      List<StoredRevision> reversed = new ArrayList<>(all);
      Collections.reverse(reversed);
      return reversed;
    }

    /** {@code revision 3 (4b1d2e3f5a)}, or {@code unknown (4b1d2e3f5a)} when no longer stored. */
    String name(String hash) {
      return all.stream()
          .filter(stored -> stored.hash().equals(hash))
          .findFirst()
          .map(stored -> "revision " + stored.number() + " (" + hash + ")")
          .orElse("unknown (" + hash + ")");
    }

    /** The revision a pin (a hash or a number) names, as the operator finds it. */
    String pin(String pin) {
      return StoredRevision.find(all, pin)
          .map(stored -> name(stored.hash()))
          .orElse(pin + ", not stored: it cannot render");
    }
  }
}
