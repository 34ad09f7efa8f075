package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.template.ReadinessVerdict.State;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The built-in rules for Deployment, StatefulSet, DaemonSet, Job and PersistentVolumeClaim; a
 * readiness rule of watches.yaml judges its kind instead, replacing a built-in one.
 */
class BuiltInReadinessTest {

  @Test
  void aRuleOfWatchesYamlReplacesTheBuiltInRuleOfItsKind() throws Exception {
    Map<String, Object> unobserved = child("deployment-unobserved");

    assertThat(ReadinessRules.none().judge(unobserved).state()).isEqualTo(State.PROGRESSING);
    assertThat(rules().judge(unobserved).state()).isEqualTo(State.READY);
    assertThat(rules().judge(child("deployment-none-ready")))
        .isEqualTo(new ReadinessVerdict(State.PROGRESSING, "0 ready"));
  }

  @Test
  void aRuleJudgesACustomKindThatWouldOtherwiseBeReadyOnceItExists() throws Exception {
    Map<String, Object> failed = child("widget-failed");

    assertThat(ReadinessRules.none().judge(failed).state()).isEqualTo(State.READY);
    assertThat(rules().judge(failed)).isEqualTo(new ReadinessVerdict(State.FAILED, "cannot start"));
    assertThat(rules().judge(child("widget-pending")))
        .satisfies(
            verdict -> {
              assertThat(verdict.state()).isEqualTo(State.PROGRESSING);
              assertThat(verdict.message())
                  .startsWith(
                      "watches.yaml entry 1 (Site), readiness rule 2 (Widget.test.example.com)"
                          + " could not be evaluated: message:");
            });
  }

  @Test
  void kindsWithoutARuleKeepTheirBuiltInJudgement() throws Exception {
    assertThat(rules().judge(child("service")).state()).isEqualTo(State.READY);
    assertThat(rules().judge(job("Failed")).state()).isEqualTo(State.FAILED);
  }

  @Test
  void aPartitionedStatefulSetIsReadyOnceThePodsAboveThePartitionAreUpdated() {
    Map<String, Object> partial =
        Map.of(
            "kind", "StatefulSet",
            "metadata", Map.of("generation", 2),
            "spec",
                Map.of(
                    "replicas",
                    3,
                    "updateStrategy",
                    Map.of("rollingUpdate", Map.of("partition", 2))),
            "status",
                Map.of(
                    "observedGeneration", 2,
                    "readyReplicas", 3,
                    "updatedReplicas", 1,
                    "currentRevision", "a",
                    "updateRevision", "b"));
    Map<String, Object> notYet = new HashMap<>(partial);
    notYet.put(
        "status",
        Map.of(
            "observedGeneration", 2,
            "readyReplicas", 3,
            "updatedReplicas", 0,
            "currentRevision", "a",
            "updateRevision", "b"));

    assertThat(ReadinessRules.none().judge(partial)).isEqualTo(ReadinessVerdict.ready());
    assertThat(ReadinessRules.none().judge(notYet).message())
        .isEqualTo("0 of 1 replicas above the partition updated");
  }

  @Test
  void aPodIsReadyByItsConditionDoneWhenItSucceededAndFailedByItsPhase() {
    assertThat(pod(Map.of("phase", "Pending")).state()).isEqualTo(State.PROGRESSING);
    assertThat(
            pod(Map.of(
                    "phase",
                    "Running",
                    "conditions",
                    List.of(Map.of("type", "Ready", "status", "True"))))
                .state())
        .isEqualTo(State.READY);
    assertThat(pod(Map.of("phase", "Succeeded")).state()).isEqualTo(State.READY);
    assertThat(pod(Map.of("phase", "Failed", "reason", "Evicted")))
        .isEqualTo(ReadinessVerdict.failed("pod failed: Evicted"));
  }

  private static ReadinessVerdict pod(Map<String, Object> status) {
    return ReadinessRules.none().judge(Map.of("kind", "Pod", "status", status));
  }

  private static ReadinessRules rules() throws URISyntaxException {
    try (TemplateRegistry registry =
        TemplateRegistry.load(fixture("builtin-readiness/watches.yaml"))) {
      return Fixtures.readiness(registry, registry.watches().get(0));
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> child(String name) throws URISyntaxException, IOException {
    return (Map<String, Object>)
        new YAMLMapper()
            .readValue(fixture("builtin-readiness/children.yaml").toFile(), Map.class)
            .get(name);
  }

  private static Path fixture(String name) throws URISyntaxException {
    return Path.of(BuiltInReadinessTest.class.getResource(name).toURI());
  }

  @Test
  void deploymentIsReadyWhenAllReplicasAreUpdatedAndAvailable() {
    var verdict = ReadinessRules.none().judge(deployment(2, 2, 2, 2, List.of()));

    assertThat(verdict.state()).isEqualTo(State.READY);
  }

  @Test
  void deploymentWithTooFewAvailableReplicasIsProgressing() {
    var verdict = ReadinessRules.none().judge(deployment(2, 2, 2, 1, List.of()));

    assertThat(verdict.state()).isEqualTo(State.PROGRESSING);
    assertThat(verdict.message()).isEqualTo("1 of 2 replicas available");
  }

  @Test
  void deploymentNotYetObservedIsProgressing() {
    var live = deployment(2, 2, 2, 2, List.of());
    ((Map<String, Object>) live.get("metadata")).put("generation", 5);

    assertThat(ReadinessRules.none().judge(live).state()).isEqualTo(State.PROGRESSING);
  }

  @Test
  void deploymentPastItsDeadlineHasFailed() {
    var verdict =
        ReadinessRules.none()
            .judge(
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
    assertThat(ReadinessRules.none().judge(job("Complete")).state()).isEqualTo(State.READY);
    assertThat(ReadinessRules.none().judge(job("Failed")).state()).isEqualTo(State.FAILED);
    assertThat(ReadinessRules.none().judge(Map.of("kind", "Job", "status", Map.of())).state())
        .isEqualTo(State.PROGRESSING);
  }

  @Test
  void claimIsReadyOnceBound() {
    assertThat(
            ReadinessRules.none()
                .judge(Map.of("kind", "PersistentVolumeClaim", "status", Map.of("phase", "Bound")))
                .state())
        .isEqualTo(State.READY);
    assertThat(
            ReadinessRules.none()
                .judge(
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

    assertThat(ReadinessRules.none().judge(live).state()).isEqualTo(State.PROGRESSING);
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

    assertThat(ReadinessRules.none().judge(live).state()).isEqualTo(State.READY);
  }

  @Test
  void kindsWithoutRulesAreReadyOnceTheyExist() {
    assertThat(ReadinessRules.none().judge(Map.of("kind", "Service")).state())
        .isEqualTo(State.READY);
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
