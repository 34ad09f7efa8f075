package io.webserveroperator.status;

import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.template.ReadinessReport;
import io.webserveroperator.template.ReadinessVerdict.State;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Builds the status a resource should have: the status template's fields, {@code
 * observedGeneration}, the {@code inventory} of objects applied for it, and the conditions {@code
 * Ready}, {@code Progressing} and {@code Degraded}; or, while its reconciles are disabled, the
 * status it had with the condition {@code Suspended}. A reconcile's status lists only the
 * conditions it means, so the first one after a suspension removes {@code Suspended}. Pure: the
 * same inputs give the same status, so an unchanged state never causes a write.
 */
public final class StatusBuilder {

  /** The condition a resource whose reconciles are disabled carries, with status {@code True}. */
  public static final String SUSPENDED = "Suspended";

  /** The status field that holds the last reconcile request token handled (Flux's name). */
  public static final String LAST_HANDLED_RECONCILE_AT = "lastHandledReconcileAt";

  private StatusBuilder() {}

  /**
   * The new status.
   *
   * @param oldStatus the status as it is now (may be empty)
   * @param generation the resource's {@code metadata.generation}
   * @param templateFields fields the status template rendered; {@code null} to keep the old ones
   *     (when rendering failed)
   * @param inventory every object the operator now owns for this resource, those kept marked
   * @param outcome how rendering, applying and pruning went
   * @param readiness the children's readiness, judged once after the applies
   * @param waits what the objects left as they are wait for, one sentence each
   */
  public static Map<String, Object> build(
      Map<String, Object> oldStatus,
      long generation,
      Map<String, Object> templateFields,
      Inventory inventory,
      Outcome outcome,
      ReadinessReport readiness,
      List<String> waits,
      Instant now) {
    Map<String, Object> status = new LinkedHashMap<>(oldStatus == null ? Map.of() : oldStatus);
    if (templateFields != null) {
      status.putAll(templateFields);
    }
    status.put("observedGeneration", generation);
    List<Condition> conditions =
        Conditions.merge(
            Conditions.read(oldStatus), conditions(outcome, readiness, waits), generation, now);
    status.put("conditions", conditions.stream().map(Condition::toMap).toList());
    status.put("inventory", inventory.toStatus());
    return status;
  }

  /**
   * The status of a resource whose reconciles are disabled: the old one, {@code observedGeneration}
   * included (the spec is not looked at), with the condition {@code Suspended=True}.
   *
   * @param oldStatus the status as it is now (may be null)
   * @param generation the resource's {@code metadata.generation} when the condition is set
   * @param reason why reconciles are disabled, in CamelCase
   * @param message what that means and how to resume
   */
  public static Map<String, Object> suspended(
      Map<String, Object> oldStatus, long generation, Reason reason, String message, Instant now) {
    Map<String, Object> status = new LinkedHashMap<>(oldStatus == null ? Map.of() : oldStatus);
    List<Condition> conditions =
        Conditions.put(
            Conditions.read(oldStatus),
            Condition.of(SUSPENDED, true, reason.text(), message),
            generation,
            now);
    status.put("conditions", conditions.stream().map(Condition::toMap).toList());
    return status;
  }

  /** Whether the status says the resource is suspended ({@code Suspended=True}). */
  public static boolean isSuspended(Map<String, Object> status) {
    return Conditions.read(status).stream()
        .anyMatch(c -> c.type().equals(SUSPENDED) && c.status().equals("True"));
  }

  /** The status with {@code lastHandledReconcileAt} set to the token of the request handled. */
  public static Map<String, Object> handled(Map<String, Object> status, String token) {
    Map<String, Object> handled = new LinkedHashMap<>(status);
    handled.put(LAST_HANDLED_RECONCILE_AT, token);
    return handled;
  }

  /** The token of the last reconcile request handled, or null. */
  public static String lastHandledReconcileAt(Map<String, Object> status) {
    return status != null && status.get(LAST_HANDLED_RECONCILE_AT) instanceof String token
        ? token
        : null;
  }

  private static List<Condition> conditions(
      Outcome outcome, ReadinessReport readiness, List<String> waits) {
    if (!outcome.succeeded()) {
      return List.of(
          Condition.of("Ready", false, outcome.reason().text(), outcome.message()),
          Condition.of("Progressing", false, outcome.reason().text(), outcome.message()),
          Condition.of("Degraded", true, outcome.reason().text(), outcome.message()));
    }
    String failed = describe(readiness, State.FAILED);
    if (!failed.isEmpty()) {
      return List.of(
          Condition.of("Ready", false, Reason.CHILD_FAILED.text(), failed),
          Condition.of("Progressing", false, Reason.CHILD_FAILED.text(), failed),
          Condition.of("Degraded", true, Reason.CHILD_FAILED.text(), failed));
    }
    String progressing =
        Stream.concat(
                Stream.of(describe(readiness, State.PROGRESSING)).filter(text -> !text.isEmpty()),
                waits.stream())
            .collect(Collectors.joining("; "));
    if (!progressing.isEmpty()) {
      return List.of(
          Condition.of("Ready", false, Reason.PROGRESSING.text(), progressing),
          Condition.of("Progressing", true, Reason.ROLLING_OUT.text(), progressing),
          Condition.of("Degraded", false, Reason.AS_EXPECTED.text(), ""));
    }
    String ready = readiness.verdicts().size() + " objects applied and ready";
    return List.of(
        Condition.of("Ready", true, Reason.READY.text(), ready),
        Condition.of("Progressing", false, Reason.COMPLETE.text(), ready),
        Condition.of("Degraded", false, Reason.AS_EXPECTED.text(), ""));
  }

  private static String describe(ReadinessReport readiness, State state) {
    return readiness.verdicts().entrySet().stream()
        .filter(e -> e.getValue().state() == state)
        .map(e -> e.getKey() + ": " + e.getValue().message())
        .collect(Collectors.joining("; "));
  }
}
