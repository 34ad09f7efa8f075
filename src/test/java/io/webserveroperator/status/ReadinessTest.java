package io.webserveroperator.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.status.Readiness.State;
import io.webserveroperator.template.ReadinessRules;
import io.webserveroperator.template.TemplateRegistry;
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
class ReadinessTest {

  @Test
  void aRuleOfWatchesYamlReplacesTheBuiltInRuleOfItsKind() throws Exception {
    Map<String, Object> unobserved = child("deployment-unobserved");

    assertThat(Readiness.of(unobserved).state()).isEqualTo(State.PROGRESSING);
    assertThat(Readiness.of(unobserved, rules()).state()).isEqualTo(State.READY);
    assertThat(Readiness.of(child("deployment-none-ready"), rules()))
        .isEqualTo(new Readiness.Verdict(State.PROGRESSING, "0 ready"));
  }

  @Test
  void aRuleJudgesACustomKindThatWouldOtherwiseBeReadyOnceItExists() throws Exception {
    Map<String, Object> failed = child("widget-failed");

    assertThat(Readiness.of(failed).state()).isEqualTo(State.READY);
    assertThat(Readiness.of(failed, rules()))
        .isEqualTo(new Readiness.Verdict(State.FAILED, "cannot start"));
    assertThat(Readiness.of(child("widget-pending"), rules()))
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
    assertThat(Readiness.of(child("service"), rules()).state()).isEqualTo(State.READY);
    assertThat(Readiness.of(job("Failed"), rules()).state()).isEqualTo(State.FAILED);
  }

  private static ReadinessRules rules() throws URISyntaxException {
    try (TemplateRegistry registry = TemplateRegistry.load(fixture("rules/watches.yaml"))) {
      return registry.readiness(registry.watches().get(0));
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> child(String name) throws URISyntaxException, IOException {
    return (Map<String, Object>)
        new YAMLMapper().readValue(fixture("rules/children.yaml").toFile(), Map.class).get(name);
  }

  private static Path fixture(String name) throws URISyntaxException {
    return Path.of(ReadinessTest.class.getResource(name).toURI());
  }

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
