package io.webserveroperator.status;

import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.status.Readiness.State;
import io.webserveroperator.status.Readiness.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Builds the status a resource should have: the status template's fields, {@code
 * observedGeneration}, the {@code inventory} of objects applied for it, and the conditions {@code
 * Ready}, {@code Progressing} and {@code Degraded}. Pure: the same inputs give the same status, so
 * an unchanged state never causes a write.
 */
public final class StatusBuilder {

  private static final Comparator<ObjectRef> INVENTORY_ORDER =
      Comparator.comparing(ObjectRef::apiVersion)
          .thenComparing(ObjectRef::kind)
          .thenComparing(r -> r.namespace() == null ? "" : r.namespace())
          .thenComparing(ObjectRef::name);

  private StatusBuilder() {}

  /**
   * The new status.
   *
   * @param oldStatus the status as it is now (may be empty)
   * @param generation the resource's {@code metadata.generation}
   * @param templateFields fields the status template rendered; {@code null} to keep the old ones
   *     (when rendering failed)
   * @param inventory every object the operator now owns for this resource
   * @param outcome how rendering, applying and pruning went
   * @param children the verdict on each live child, in render order
   */
  public static Map<String, Object> build(
      Map<String, Object> oldStatus,
      long generation,
      Map<String, Object> templateFields,
      List<ObjectRef> inventory,
      Outcome outcome,
      Map<ObjectRef, Verdict> children,
      Instant now) {
    Map<String, Object> status = new LinkedHashMap<>(oldStatus == null ? Map.of() : oldStatus);
    if (templateFields != null) {
      status.putAll(templateFields);
    }
    status.put("observedGeneration", generation);
    List<Condition> conditions =
        Conditions.merge(
            Conditions.read(oldStatus), conditions(outcome, children), generation, now);
    status.put("conditions", conditions.stream().map(Condition::toMap).toList());
    status.put("inventory", inventory(inventory));
    return status;
  }

  /** The inventory as written to the status: sorted, so its order never causes a write. */
  public static List<Map<String, Object>> inventory(List<ObjectRef> refs) {
    return refs.stream()
        .distinct()
        .sorted(INVENTORY_ORDER)
        .map(
            ref -> {
              Map<String, Object> entry = new LinkedHashMap<>();
              entry.put("apiVersion", ref.apiVersion());
              entry.put("kind", ref.kind());
              if (ref.namespace() != null) {
                entry.put("namespace", ref.namespace());
              }
              entry.put("name", ref.name());
              return entry;
            })
        .toList();
  }

  /** The inventory read back from a status; entries that do not parse are skipped. */
  public static List<ObjectRef> readInventory(Map<String, Object> status) {
    if (status == null || !(status.get("inventory") instanceof List<?> list)) {
      return List.of();
    }
    List<ObjectRef> refs = new ArrayList<>();
    for (Object item : list) {
      if (item instanceof Map<?, ?> entry) {
        try {
          refs.add(
              new ObjectRef(
                  text(entry.get("apiVersion")),
                  text(entry.get("kind")),
                  text(entry.get("namespace")),
                  text(entry.get("name"))));
        } catch (IllegalArgumentException malformed) {
          // Someone edited the status by hand; an entry without identity cannot be pruned anyway.
        }
      }
    }
    return refs;
  }

  private static List<Condition> conditions(Outcome outcome, Map<ObjectRef, Verdict> children) {
    if (!outcome.succeeded()) {
      return List.of(
          Condition.of("Ready", false, outcome.reason(), outcome.message()),
          Condition.of("Progressing", false, outcome.reason(), outcome.message()),
          Condition.of("Degraded", true, outcome.reason(), outcome.message()));
    }
    String failed = describe(children, State.FAILED);
    if (!failed.isEmpty()) {
      return List.of(
          Condition.of("Ready", false, "ChildFailed", failed),
          Condition.of("Progressing", false, "ChildFailed", failed),
          Condition.of("Degraded", true, "ChildFailed", failed));
    }
    String progressing = describe(children, State.PROGRESSING);
    if (!progressing.isEmpty()) {
      return List.of(
          Condition.of("Ready", false, "Progressing", progressing),
          Condition.of("Progressing", true, "RollingOut", progressing),
          Condition.of("Degraded", false, "AsExpected", ""));
    }
    String ready = children.size() + " objects applied and ready";
    return List.of(
        Condition.of("Ready", true, "Ready", ready),
        Condition.of("Progressing", false, "Complete", ready),
        Condition.of("Degraded", false, "AsExpected", ""));
  }

  private static String describe(Map<ObjectRef, Verdict> children, State state) {
    return children.entrySet().stream()
        .filter(e -> e.getValue().state() == state)
        .map(e -> e.getKey() + ": " + e.getValue().message())
        .collect(Collectors.joining("; "));
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }
}
