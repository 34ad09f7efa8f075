package io.webserveroperator.status;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of {@code status.conditions}, in the shape of Kubernetes' metav1.Condition.
 *
 * @param status {@code True}, {@code False} or {@code Unknown}
 * @param lastTransitionTime RFC 3339, seconds precision, as the API server stores it
 */
public record Condition(
    String type,
    String status,
    String reason,
    String message,
    String lastTransitionTime,
    long observedGeneration) {

  /** The longest message the CRD accepts; longer ones are cut so the status write never fails. */
  static final int MAX_MESSAGE = 32_768;

  public Condition {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(reason, "reason");
    message = message == null ? "" : message;
    if (message.length() > MAX_MESSAGE) {
      message = message.substring(0, MAX_MESSAGE - 3) + "...";
    }
  }

  /** A condition to be, before its transition time is settled by {@link Conditions#merge}. */
  public static Condition of(String type, boolean status, String reason, String message) {
    return new Condition(type, status ? "True" : "False", reason, message, null, 0);
  }

  /** Reads a condition from a status map. */
  static Condition fromMap(Map<?, ?> map) {
    Object generation = map.get("observedGeneration");
    return new Condition(
        String.valueOf(map.get("type")),
        String.valueOf(map.get("status")),
        String.valueOf(map.get("reason")),
        map.get("message") == null ? "" : String.valueOf(map.get("message")),
        map.get("lastTransitionTime") == null
            ? null
            : String.valueOf(map.get("lastTransitionTime")),
        generation instanceof Number n ? n.longValue() : 0);
  }

  Condition withTransition(String time, long generation) {
    return new Condition(type, status, reason, message, time, generation);
  }

  boolean sameStatus(Condition other) {
    return other != null && status.equals(other.status);
  }

  /** The condition as it is written into the status. */
  public Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("type", type);
    map.put("status", status);
    map.put("observedGeneration", observedGeneration);
    map.put("lastTransitionTime", lastTransitionTime);
    map.put("reason", reason);
    map.put("message", message);
    return map;
  }
}
