package io.webserveroperator.status;

import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.template.ReadinessRules;
import java.util.Map;

/**
 * Judges a live child: by the watched kind's readiness rule for the child's group and kind, when
 * {@code watches.yaml} declares one ({@link ReadinessRules}); else by the built-in rules for the
 * kinds whose status says whether they work: Deployment, StatefulSet, DaemonSet, Job and
 * PersistentVolumeClaim. Any other kind is ready once it exists. A declared rule replaces the
 * built-in one for its kind.
 */
public final class Readiness {

  private Readiness() {}

  /** How one child is doing. */
  public enum State {
    READY,
    PROGRESSING,
    FAILED
  }

  /**
   * The verdict on one child.
   *
   * @param message why it is not ready yet, or failed; empty when ready
   */
  public record Verdict(State state, String message) {
    static Verdict ready() {
      return new Verdict(State.READY, "");
    }

    static Verdict progressing(String message) {
      return new Verdict(State.PROGRESSING, message);
    }

    static Verdict failed(String message) {
      return new Verdict(State.FAILED, message);
    }
  }

  /** Judges one live object by the built-in rules. */
  public static Verdict of(Map<String, Object> live) {
    return of(live, ReadinessRules.none());
  }

  /**
   * Judges one live object by the rule of {@code rules} for its group and kind, else by the
   * built-in rules. Pure: no API request.
   */
  public static Verdict of(Map<String, Object> live, ReadinessRules rules) {
    return rules.judge(live).map(Readiness::verdict).orElseGet(() -> builtIn(live));
  }

  private static Verdict verdict(ReadinessRules.Judgement judgement) {
    return switch (judgement.state()) {
      case READY -> Verdict.ready();
      case PROGRESSING -> Verdict.progressing(judgement.message());
      case FAILED -> Verdict.failed(judgement.message());
    };
  }

  private static Verdict builtIn(Map<String, Object> live) {
    String kind = String.valueOf(live.get("kind"));
    Map<String, Object> status = UntypedMaps.getMapOrEmpty(live, "status");
    return switch (kind) {
      case "Deployment" -> deployment(live, status);
      case "StatefulSet" -> statefulSet(live, status);
      case "DaemonSet" -> daemonSet(live, status);
      case "Job" -> job(status);
      case "PersistentVolumeClaim" -> persistentVolumeClaim(status);
      default -> Verdict.ready();
    };
  }

  private static Verdict deployment(Map<String, Object> live, Map<String, Object> status) {
    if (!observedLatest(live, status)) {
      return Verdict.progressing("the controller has not seen the latest spec yet");
    }
    for (Map<String, Object> condition : UntypedMaps.getMaps(status, "conditions")) {
      if ("Progressing".equals(condition.get("type"))
          && "ProgressDeadlineExceeded".equals(condition.get("reason"))) {
        return Verdict.failed("rollout exceeded its progress deadline");
      }
    }
    long wanted = number(UntypedMaps.get(live, "spec", "replicas"), 1);
    long updated = number(status.get("updatedReplicas"), 0);
    long available = number(status.get("availableReplicas"), 0);
    long total = number(status.get("replicas"), 0);
    if (updated < wanted) {
      return Verdict.progressing(updated + " of " + wanted + " replicas updated");
    }
    if (total > updated) {
      return Verdict.progressing((total - updated) + " old replicas pending termination");
    }
    if (available < wanted) {
      return Verdict.progressing(available + " of " + wanted + " replicas available");
    }
    return Verdict.ready();
  }

  private static Verdict statefulSet(Map<String, Object> live, Map<String, Object> status) {
    if (!observedLatest(live, status)) {
      return Verdict.progressing("the controller has not seen the latest spec yet");
    }
    long wanted = number(UntypedMaps.get(live, "spec", "replicas"), 1);
    long ready = number(status.get("readyReplicas"), 0);
    if (ready < wanted) {
      return Verdict.progressing(ready + " of " + wanted + " replicas ready");
    }
    Object current = status.get("currentRevision");
    Object update = status.get("updateRevision");
    if (update != null && !update.equals(current)) {
      return Verdict.progressing("rolling out revision " + update);
    }
    return Verdict.ready();
  }

  private static Verdict daemonSet(Map<String, Object> live, Map<String, Object> status) {
    if (!observedLatest(live, status)) {
      return Verdict.progressing("the controller has not seen the latest spec yet");
    }
    long wanted = number(status.get("desiredNumberScheduled"), 0);
    long updated = number(status.get("updatedNumberScheduled"), 0);
    long available = number(status.get("numberAvailable"), 0);
    if (updated < wanted || available < wanted) {
      return Verdict.progressing(available + " of " + wanted + " pods available");
    }
    return Verdict.ready();
  }

  private static Verdict job(Map<String, Object> status) {
    for (Map<String, Object> condition : UntypedMaps.getMaps(status, "conditions")) {
      if ("True".equals(condition.get("status"))) {
        if ("Complete".equals(condition.get("type"))) {
          return Verdict.ready();
        }
        if ("Failed".equals(condition.get("type"))) {
          return Verdict.failed("job failed: " + condition.getOrDefault("message", ""));
        }
      }
    }
    return Verdict.progressing("job has not completed yet");
  }

  private static Verdict persistentVolumeClaim(Map<String, Object> status) {
    Object phase = status.get("phase");
    if ("Bound".equals(phase)) {
      return Verdict.ready();
    }
    if ("Lost".equals(phase)) {
      return Verdict.failed("claim lost its volume");
    }
    return Verdict.progressing("claim is " + (phase == null ? "not bound yet" : phase));
  }

  private static boolean observedLatest(Map<String, Object> live, Map<String, Object> status) {
    long generation = number(UntypedMaps.get(live, "metadata", "generation"), 0);
    return number(status.get("observedGeneration"), 0) >= generation;
  }

  private static long number(Object value, long fallback) {
    return value instanceof Number n ? n.longValue() : fallback;
  }
}
