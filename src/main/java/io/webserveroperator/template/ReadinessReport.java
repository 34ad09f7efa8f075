package io.webserveroperator.template;

import io.webserveroperator.manifest.ObjectRef;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The readiness of a resource's children, judged once per look at them ({@link #judge}): the prune
 * gate, the event that says what a prune waits for, and the status conditions all read this one
 * report. Immutable.
 *
 * @param verdicts the verdict on each child, in render order
 */
public record ReadinessReport(Map<ObjectRef, ReadinessVerdict> verdicts) {

  private static final ReadinessReport NONE = new ReadinessReport(Map.of());

  public ReadinessReport {
    verdicts = Collections.unmodifiableMap(new LinkedHashMap<>(verdicts));
  }

  /** No children judged: a reconcile that failed before it looked at them. */
  public static ReadinessReport none() {
    return NONE;
  }

  /** Judges every child by the kind's readiness rules, else the built-in rule for its kind. */
  public static ReadinessReport judge(
      Map<ObjectRef, Map<String, Object>> children, ReadinessRules rules) {
    Map<ObjectRef, ReadinessVerdict> verdicts = new LinkedHashMap<>();
    children.forEach((ref, child) -> verdicts.put(ref, rules.judge(child)));
    return new ReadinessReport(verdicts);
  }

  /** Whether every child is ready. */
  public boolean allReady() {
    return verdicts.values().stream().allMatch(ReadinessVerdict::isReady);
  }

  /** The children that are not ready, in render order. */
  public List<ObjectRef> notReady() {
    return verdicts.entrySet().stream()
        .filter(verdict -> !verdict.getValue().isReady())
        .map(Map.Entry::getKey)
        .toList();
  }
}
