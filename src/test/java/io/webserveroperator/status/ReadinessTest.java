package io.webserveroperator.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.status.Readiness.State;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadinessTest {

  @Test
  void deploymentIsReadyWhenAllReplicasAreUpdatedAndAvailable() {
    var verdict = Readiness.of(deployment(2, 2, 2, 2, List.of()));

    assertThat(verdict.state()).isEqualTo(State.READY);
  }

  @Test
  void deploymentWithTooFewAvailableReplicasIsProgressing() {
    var verdict = Readiness.of(deployment(2, 2, 2, 1, List.of()));

    assertThat(verdict.state()).isEqualTo(State.PROGRESSING);
    assertThat(verdict.message()).isEqualTo("1 of 2 replicas available");
  }

  @Test
  void deploymentNotYetObservedIsProgressing() {
    var live = deployment(2, 2, 2, 2, List.of());
    ((Map<String, Object>) live.get("metadata")).put("generation", 5);

    assertThat(Readiness.of(live).state()).isEqualTo(State.PROGRESSING);
  }

  @Test
  void deploymentPastItsDeadlineHasFailed() {
    var verdict =
        Readiness.of(
            deployment(
                2,
                1,
                2,
                1,
                List.of(
                    Map.of(
                        "type",
                        "Progressing",
                        "status",
                        "False",
                        "reason",
                        "ProgressDeadlineExceeded"))));

    assertThat(verdict.state()).isEqualTo(State.FAILED);
  }

  @Test
  void jobIsReadyWhenCompleteAndFailedWhenFailed() {
    assertThat(Readiness.of(job("Complete")).state()).isEqualTo(State.READY);
    assertThat(Readiness.of(job("Failed")).state()).isEqualTo(State.FAILED);
    assertThat(Readiness.of(Map.of("kind", "Job", "status", Map.of())).state())
        .isEqualTo(State.PROGRESSING);
  }

  @Test
  void claimIsReadyOnceBound() {
    assertThat(
            Readiness.of(
                    Map.of("kind", "PersistentVolumeClaim", "status", Map.of("phase", "Bound")))
                .state())
        .isEqualTo(State.READY);
    assertThat(
            Readiness.of(
                    Map.of("kind", "PersistentVolumeClaim", "status", Map.of("phase", "Pending")))
                .state())
        .isEqualTo(State.PROGRESSING);
  }

  @Test
  void statefulSetWaitsForReadyReplicasAndRevision() {
    Map<String, Object> live =
        Map.of(
            "kind", "StatefulSet",
            "metadata", Map.of("generation", 1),
            "spec", Map.of("replicas", 3),
            "status",
                Map.of(
                    "observedGeneration",
                    1,
                    "readyReplicas",
                    3,
                    "currentRevision",
                    "a",
                    "updateRevision",
                    "b"));

    assertThat(Readiness.of(live).state()).isEqualTo(State.PROGRESSING);
  }

  @Test
  void daemonSetIsReadyWhenEveryScheduledPodIsAvailable() {
    Map<String, Object> live =
        Map.of(
            "kind", "DaemonSet",
            "metadata", Map.of("generation", 1),
            "status",
                Map.of(
                    "observedGeneration",
                    1,
                    "desiredNumberScheduled",
                    3,
                    "updatedNumberScheduled",
                    3,
                    "numberAvailable",
                    3));

    assertThat(Readiness.of(live).state()).isEqualTo(State.READY);
  }

  @Test
  void kindsWithoutRulesAreReadyOnceTheyExist() {
    assertThat(Readiness.of(Map.of("kind", "Service")).state()).isEqualTo(State.READY);
  }

  private static Map<String, Object> deployment(
      int wanted, int updated, int total, int available, List<Map<String, Object>> conditions) {
    return new HashMap<>(
        Map.of(
            "kind",
            "Deployment",
            "metadata",
            new HashMap<>(Map.of("generation", 1)),
            "spec",
            Map.of("replicas", wanted),
            "status",
            Map.of(
                "observedGeneration", 1,
                "updatedReplicas", updated,
                "replicas", total,
                "availableReplicas", available,
                "conditions", conditions)));
  }

  private static Map<String, Object> job(String condition) {
    return Map.of(
        "kind",
        "Job",
        "status",
        Map.of("conditions", List.of(Map.of("type", condition, "status", "True"))));
  }
}
