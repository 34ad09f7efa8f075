package io.webserveroperator.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.webserveroperator.OperatorException;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.DiffOptions;
import io.webserveroperator.diff.IgnoredField;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.UnifiedDiff;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Ordering;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Prints a {@link Plan} from {@code DryRunDiff} in one of the {@link DiffFormat}s, as one string,
 * so that the command prints all or nothing.
 *
 * <p>In the unified format, CREATE, UPDATE and PRUNE print a header and a unified diff; ADOPT,
 * RECREATE, EXPAND_CLAIM and REFUSED print the same followed by a line that names the entry and
 * says why ({@link #note}); CONFLICT and ORPHAN print only that line, since nothing of the object
 * changes.
 */
final class PlanPrinter {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private static final String BOLD = "\u001B[1m";
  private static final String RESET = "\u001B[0m";

  private PlanPrinter() {}

  /**
   * The plan in that format; for {@code unified}, empty when nothing changes.
   *
   * @param colour whether the unified diff is coloured (a terminal)
   */
  static String print(Plan plan, DiffFormat format, boolean colour) {
    return switch (format) {
      case UNIFIED -> unified(plan, colour);
      case JSON_PATCH -> json(jsonPatch(plan));
      case JSON -> json(plan.toJson());
    };
  }

  /**
   * The note lines of the plan's ADOPT, CONFLICT and ORPHAN entries, in plan order: what an
   * external diff program, which sees only the objects' two sides, cannot tell.
   */
  static String notes(Plan plan) {
    StringBuilder out = new StringBuilder();
    plan.hooks().forEach(hook -> out.append("HOOK ").append(hook).append(" would run\n"));
    for (PlanEntry entry : plan.changes()) {
      String note = note(entry);
      if (note != null) {
        out.append(note).append('\n');
      }
    }
    return out.toString();
  }

  /**
   * The lines on stderr for the plan's conflicts and refusals, one per CONFLICT and REFUSED entry:
   * that the operator would apply nothing (for a conflict) or nothing more (for a refusal) for the
   * resource until it is resolved, and how; and one per object pruned while an object of another
   * kind is created under its name without saying it replaces it: both would run for a while.
   */
  static List<String> conflictWarnings(Plan plan) {
    List<String> warnings = new ArrayList<>();
    plan.byAction(Action.CONFLICT)
        .forEach(
            entry ->
                warnings.add(
                    "the operator would apply nothing for the resource that renders "
                        + entry.ref()
                        + " until the conflict is resolved: rename the object in the template,"
                        + " delete the existing one, or annotate it "
                        + Lifecycle.ADOPT
                        + "=true."));
    plan.byAction(Action.REFUSED)
        .forEach(
            entry ->
                warnings.add(
                    "the API server would refuse "
                        + entry.ref()
                        + " (REFUSED above): the operator would write nothing more for the"
                        + " resource that renders it until the resource or its templates change."));
    for (PlanEntry prune : plan.byAction(Action.PRUNE)) {
      plan.byAction(Action.CREATE).stream()
          .filter(create -> takesThePlaceOf(create, prune.ref()))
          .forEach(
              create ->
                  warnings.add(
                      prune.ref()
                          + " would be pruned only once "
                          + create.ref()
                          + ", created in its place, is ready, so both would run meanwhile;"
                          + " annotate the new one "
                          + Ordering.REPLACES
                          + ": "
                          + prune.ref().kind()
                          + "/"
                          + prune.ref().name()
                          + " in its template to stop the old one first."));
    }
    return warnings;
  }

  /**
   * A new object of another kind under the name of one pruned, that does not say it replaces it.
   */
  private static boolean takesThePlaceOf(PlanEntry create, ObjectRef pruned) {
    return create.ref().name().equals(pruned.name())
        && Objects.equals(create.ref().namespace(), pruned.namespace())
        && !create.ref().kind().equals(pruned.kind())
        && Ordering.of(create.desired()).replaces().isEmpty();
  }

  /**
   * {@code ADOPT Kind ns/name: reason}, {@code CONFLICT Kind ns/name: reason} or {@code ORPHAN Kind
   * ns/name: ...}; null for the other actions, which the diff itself says.
   */
  static String note(PlanEntry entry) {
    return switch (entry.action()) {
      case ADOPT, CONFLICT -> entry.action() + " " + entry.ref() + ": " + entry.claim().reason();
      case RECREATE, EXPAND_CLAIM, REFUSED ->
          entry.action() + " " + entry.ref() + ": " + entry.note();
      case ORPHAN ->
          "ORPHAN "
              + entry.ref()
              + ": no longer rendered; left in place (resource-policy: keep) and dropped from the"
              + " inventory";
      case CREATE, UPDATE, UNCHANGED, PRUNE -> null;
    };
  }

  private static String unified(Plan plan, boolean colour) {
    UnifiedDiff printer =
        new UnifiedDiff(DiffOptions.defaults().toBuilder().colour(colour).build());
    StringBuilder out = new StringBuilder();
    plan.hooks()
        .forEach(hook -> out.append(paint(colour, "HOOK " + hook + " would run")).append('\n'));
    boolean waves = plan.changes().stream().map(PlanPrinter::wave).distinct().count() > 1;
    Integer lastWave = null;
    for (PlanEntry entry : plan.entries()) {
      String note = note(entry);
      String ignored = ignored(entry, colour);
      if (waves && entry.isChange() && !Integer.valueOf(wave(entry)).equals(lastWave)) {
        lastWave = wave(entry);
        out.append(paint(colour, "# wave " + lastWave)).append('\n');
      }
      switch (entry.action()) {
        case CONFLICT, ORPHAN -> out.append(paint(colour, note)).append('\n');
        case UNCHANGED -> {
          // A field left to another manager is shown, not hidden, though nothing is written.
          if (!ignored.isEmpty()) {
            out.append(entry.ref().apiVersion())
                .append(' ')
                .append(entry.ref().kind())
                .append(' ')
                .append(
                    entry.ref().namespace() == null
                        ? entry.ref().name()
                        : entry.ref().namespace() + "/" + entry.ref().name())
                .append(" (UNCHANGED)\n")
                .append(ignored);
          }
        }
        default -> {
          String diff = printer.render(entry.ref(), entry.action(), entry.live(), entry.desired());
          int header = diff.indexOf('\n') + 1;
          out.append(diff, 0, header);
          if (note != null) {
            out.append(paint(colour, note)).append('\n');
          }
          out.append(ignored).append(diff, header, diff.length());
        }
      }
    }
    return out.toString();
  }

  /** The wave an entry's object is applied in, from its order annotations. */
  private static int wave(PlanEntry entry) {
    Map<String, Object> object = entry.desired() != null ? entry.desired() : entry.live();
    return object == null ? 0 : Ordering.of(object).wave();
  }

  /**
   * One line per field an {@code ignoreDifferences} entry keeps out of the comparison: {@code ~
   * /spec/replicas yielded to kube-controller-manager (live 5, template 2)}.
   */
  private static String ignored(PlanEntry entry, boolean colour) {
    StringBuilder out = new StringBuilder();
    for (IgnoredField field : entry.ignored()) {
      out.append(paint(colour, field.describe())).append('\n');
    }
    return out.toString();
  }

  private static ArrayNode jsonPatch(Plan plan) {
    ArrayNode list = JSON.createArrayNode();
    for (PlanEntry entry : plan.changes()) {
      ObjectNode item = list.addObject();
      ObjectNode object = item.putObject("object");
      object.put("apiVersion", entry.ref().apiVersion());
      object.put("kind", entry.ref().kind());
      if (entry.ref().namespace() != null) {
        object.put("namespace", entry.ref().namespace());
      }
      object.put("name", entry.ref().name());
      item.put("action", entry.action().name());
      if (entry.claim() != null) {
        item.put("claim", entry.claim().reason());
      }
      if (entry.note() != null) {
        item.put("note", entry.note());
      }
      entry.ignored().forEach(field -> item.withArray("ignored").add(field.describe()));
      item.set("patch", entry.patch().operations());
    }
    return list;
  }

  private static String paint(boolean colour, String line) {
    return colour ? BOLD + line + RESET : line;
  }

  private static String json(Object document) {
    try {
      return JSON.writeValueAsString(document) + "\n";
    } catch (JsonProcessingException e) {
      throw new OperatorException("Cannot write the plan as JSON: " + e.getOriginalMessage(), e);
    }
  }
}
