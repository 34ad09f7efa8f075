package io.webserveroperator.template;

import io.webserveroperator.manifest.UntypedMaps;
import java.util.Map;

/**
 * The built-in readiness rules, for the kinds whose status says whether they work: Deployment,
 * StatefulSet, DaemonSet, Job, PersistentVolumeClaim and Pod. Any other kind is ready once it
 * exists. A kind's declared rule for one of them replaces its built-in rule ({@link
 * ReadinessRules}).
 */
final class BuiltInReadiness {

  private BuiltInReadiness() {}

  static ReadinessVerdict judge(Map<String, Object> live) {
    String kind = String.valueOf(live.get("kind"));
    Map<String, Object> status = UntypedMaps.getMapOrEmpty(live, "status");
    return switch (kind) {
      case "Deployment" -> deployment(live, status);
      case "StatefulSet" -> statefulSet(live, status);
      case "DaemonSet" -> daemonSet(live, status);
      case "Job" -> job(status);
      case "PersistentVolumeClaim" -> persistentVolumeClaim(status);
      case "Pod" -> pod(status);
      default -> ReadinessVerdict.ready();
    };
  }

  private static ReadinessVerdict deployment(Map<String, Object> live, Map<String, Object> status) {
    if (!observedLatest(live, status)) {
      return ReadinessVerdict.progressing("the controller has not seen the latest spec yet");
    }
    for (Map<String, Object> condition : UntypedMaps.getMaps(status, "conditions")) {
      if ("Progressing".equals(condition.get("type"))
          && "ProgressDeadlineExceeded".equals(condition.get("reason"))) {
        return ReadinessVerdict.failed("rollout exceeded its progress deadline");
      }
    }
    long wanted = number(UntypedMaps.get(live, "spec", "replicas"), 1);
    long updated = number(status.get("updatedReplicas"), 0);
    long available = number(status.get("availableReplicas"), 0);
    long total = number(status.get("replicas"), 0);
    if (updated < wanted) {
      return ReadinessVerdict.progressing(updated + " of " + wanted + " replicas updated");
    }
    if (total > updated) {
      return ReadinessVerdict.progressing((total - updated) + " old replicas pending termination");
    }
    if (available < wanted) {
      return ReadinessVerdict.progressing(available + " of " + wanted + " replicas available");
    }
    return ReadinessVerdict.ready();
  }

  private static ReadinessVerdict statefulSet(
      Map<String, Object> live, Map<String, Object> status) {
    if (!observedLatest(live, status)) {
      return ReadinessVerdict.progressing("the controller has not seen the latest spec yet");
    }
    long wanted = number(UntypedMaps.get(live, "spec", "replicas"), 1);
    long ready = number(status.get("readyReplicas"), 0);
    if (ready < wanted) {
      return ReadinessVerdict.progressing(ready + " of " + wanted + " replicas ready");
    }
    // A partitioned rolling update is done when the pods above the partition are updated, as
    // kubectl rollout status judges it; the pods below it stay on purpose.
    long partition =
        number(UntypedMaps.get(live, "spec", "updateStrategy", "rollingUpdate", "partition"), 0);
    if (partition > 0) {
      long updated = number(status.get("updatedReplicas"), 0);
      long above = Math.max(0, wanted - partition);
      return updated < above
          ? ReadinessVerdict.progressing(
              updated + " of " + above + " replicas above the partition updated")
          : ReadinessVerdict.ready();
    }
    Object current = status.get("currentRevision");
    Object update = status.get("updateRevision");
    if (update != null && !update.equals(current)) {
      return ReadinessVerdict.progressing("rolling out revision " + update);
    }
    return ReadinessVerdict.ready();
  }

  /**
   * A Pod is ready when its {@code Ready} condition is true, and done (a hook's Pod) once it
   * succeeded; it failed when its phase says so.
   */
  private static ReadinessVerdict pod(Map<String, Object> status) {
    Object phase = status.get("phase");
    if ("Succeeded".equals(phase)) {
      return ReadinessVerdict.ready();
    }
    if ("Failed".equals(phase)) {
      return ReadinessVerdict.failed(
          "pod failed" + (status.get("reason") == null ? "" : ": " + status.get("reason")));
    }
    for (Map<String, Object> condition : UntypedMaps.getMaps(status, "conditions")) {
      if ("Ready".equals(condition.get("type")) && "True".equals(condition.get("status"))) {
        return ReadinessVerdict.ready();
      }
    }
    return ReadinessVerdict.progressing("pod is " + (phase == null ? "not scheduled yet" : phase));
  }

  private static ReadinessVerdict daemonSet(Map<String, Object> live, Map<String, Object> status) {
    if (!observedLatest(live, status)) {
      return ReadinessVerdict.progressing("the controller has not seen the latest spec yet");
    }
    long wanted = number(status.get("desiredNumberScheduled"), 0);
    long updated = number(status.get("updatedNumberScheduled"), 0);
    long available = number(status.get("numberAvailable"), 0);
    if (updated < wanted || available < wanted) {
      return ReadinessVerdict.progressing(available + " of " + wanted + " pods available");
    }
    return ReadinessVerdict.ready();
  }

  private static ReadinessVerdict job(Map<String, Object> status) {
    for (Map<String, Object> condition : UntypedMaps.getMaps(status, "conditions")) {
      if ("True".equals(condition.get("status"))) {
        if ("Complete".equals(condition.get("type"))) {
          return ReadinessVerdict.ready();
        }
        if ("Failed".equals(condition.get("type"))) {
          return ReadinessVerdict.failed("job failed: " + condition.getOrDefault("message", ""));
        }
      }
    }
    return ReadinessVerdict.progressing("job has not completed yet");
  }

  private static ReadinessVerdict persistentVolumeClaim(Map<String, Object> status) {
    Object phase = status.get("phase");
    if ("Bound".equals(phase)) {
      return ReadinessVerdict.ready();
    }
    if ("Lost".equals(phase)) {
      return ReadinessVerdict.failed("claim lost its volume");
    }
    return ReadinessVerdict.progressing("claim is " + (phase == null ? "not bound yet" : phase));
  }

  private static boolean observedLatest(Map<String, Object> live, Map<String, Object> status) {
    long generation = number(UntypedMaps.get(live, "metadata", "generation"), 0);
    return number(status.get("observedGeneration"), 0) >= generation;
  }

  private static long number(Object value, long fallback) {
    return value instanceof Number n ? n.longValue() : fallback;
  }
}
