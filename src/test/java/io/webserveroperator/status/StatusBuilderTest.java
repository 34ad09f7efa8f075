package io.webserveroperator.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.ReadinessReport;
import io.webserveroperator.template.ReadinessVerdict;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusBuilderTest {

  static final ObjectRef DEPLOYMENT =
      new ObjectRef("apps/v1", "Deployment", "ns", "web-deployment");
  static final ObjectRef SERVICE = new ObjectRef("v1", "Service", "ns", "web-service");
  static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
  static final Instant T1 = Instant.parse("2026-11-30T11:00:00Z");

  @Test
  void readyWhenEveryChildIsReady() {
    Map<String, Object> status = build(Map.of(), Outcome.applied(), ready(), T0);

    assertThat(condition(status, "Ready"))
        .containsEntry("status", "True")
        .containsEntry("reason", "Ready");
    assertThat(condition(status, "Progressing")).containsEntry("status", "False");
    assertThat(condition(status, "Degraded")).containsEntry("status", "False");
    assertThat(status)
        .containsEntry("observedGeneration", 3L)
        .containsEntry("availableReplicas", 2);
  }

  @Test
  void progressingChildMakesReadyFalseWithItsMessage() {
    Map<ObjectRef, ReadinessVerdict> children = new LinkedHashMap<>();
    children.put(
        DEPLOYMENT,
        new ReadinessVerdict(ReadinessVerdict.State.PROGRESSING, "1 of 2 replicas available"));
    children.put(SERVICE, new ReadinessVerdict(ReadinessVerdict.State.READY, ""));

    Map<String, Object> status = build(Map.of(), Outcome.applied(), children, T0);

    assertThat(condition(status, "Ready"))
        .containsEntry("status", "False")
        .containsEntry("reason", "Progressing")
        .containsEntry("message", "Deployment ns/web-deployment: 1 of 2 replicas available");
    assertThat(condition(status, "Progressing")).containsEntry("status", "True");
  }

  @Test
  void failureKeepsTemplateFieldsAndSaysWhy() {
    Map<String, Object> before = build(Map.of(), Outcome.applied(), ready(), T0);

    Map<String, Object> after =
        StatusBuilder.build(
            before,
            4,
            null,
            Inventory.of(List.of(DEPLOYMENT)),
            Outcome.failed(Reason.RENDER_FAILED, "x.yaml.j2:3: boom"),
            ReadinessReport.none(),
            List.of(),
            T1);

    assertThat(after).containsEntry("availableReplicas", 2);
    assertThat(condition(after, "Ready"))
        .containsEntry("status", "False")
        .containsEntry("reason", "RenderFailed")
        .containsEntry("message", "x.yaml.j2:3: boom");
    assertThat(condition(after, "Degraded")).containsEntry("status", "True");
  }

  @Test
  void transitionTimeMovesOnlyWhenTheStatusChanges() {
    Map<String, Object> first = build(Map.of(), Outcome.applied(), ready(), T0);

    Map<String, Object> same = build(first, Outcome.applied(), ready(), T1);
    Map<String, Object> failed =
        StatusBuilder.build(
            first,
            3,
            null,
            Inventory.empty(),
            Outcome.failed(Reason.APPLY_FAILED, "no"),
            ReadinessReport.none(),
            List.of(),
            T1);

    assertThat(condition(same, "Ready"))
        .containsEntry("lastTransitionTime", "2026-11-30T10:00:00Z");
    assertThat(StatusWriter.patch(first, same)).as("an unchanged state patches nothing").isEmpty();
    assertThat(condition(failed, "Ready"))
        .containsEntry("lastTransitionTime", "2026-11-30T11:00:00Z");
  }

  @Test
  void inventoryIsSortedAndRoundTrips() {
    Map<String, Object> status =
        StatusBuilder.build(
            Map.of(),
            1,
            Map.of(),
            Inventory.of(List.of(SERVICE, DEPLOYMENT, SERVICE)),
            Outcome.applied(),
            ReadinessReport.none(),
            List.of(),
            T0);

    assertThat(Inventory.fromStatus(status).refs()).containsExactly(DEPLOYMENT, SERVICE);
  }

  @Test
  void suspendedAddsItsConditionAndLeavesEverythingElseAsItWas() {
    Map<String, Object> before = build(Map.of(), Outcome.applied(), ready(), T0);

    Map<String, Object> suspended =
        StatusBuilder.suspended(before, 4, Reason.RECONCILE_DISABLED, "resume by ...", T1);

    assertThat(condition(suspended, "Suspended"))
        .containsEntry("status", "True")
        .containsEntry("reason", "ReconcileDisabled")
        .containsEntry("message", "resume by ...")
        .containsEntry("observedGeneration", 4L)
        .containsEntry("lastTransitionTime", "2026-11-30T11:00:00Z");
    assertThat(StatusBuilder.isSuspended(suspended)).isTrue();
    assertThat(StatusBuilder.isSuspended(before)).isFalse();
    Map<String, Object> rest = new LinkedHashMap<>(suspended);
    rest.put("conditions", ((List<?>) suspended.get("conditions")).subList(0, 3));
    assertThat(rest).as("observedGeneration and the other conditions untouched").isEqualTo(before);
  }

  @Test
  void theFirstReconcileAfterASuspensionRemovesTheSuspendedCondition() {
    Map<String, Object> suspended =
        StatusBuilder.suspended(
            build(Map.of(), Outcome.applied(), ready(), T0), 3, Reason.RECONCILE_DISABLED, "", T0);

    Map<String, Object> resumed = build(suspended, Outcome.applied(), ready(), T1);

    assertThat((List<?>) resumed.get("conditions")).hasSize(3);
    assertThat(StatusBuilder.isSuspended(resumed)).isFalse();
  }

  @Test
  void aHandledRequestIsRecordedAndKeptByLaterReconciles() {
    Map<String, Object> handled =
        StatusBuilder.handled(build(Map.of(), Outcome.applied(), ready(), T0), "1767225600");

    Map<String, Object> later = build(handled, Outcome.applied(), ready(), T1);

    assertThat(StatusBuilder.lastHandledReconcileAt(handled)).isEqualTo("1767225600");
    assertThat(later).containsEntry("lastHandledReconcileAt", "1767225600");
    assertThat(StatusBuilder.lastHandledReconcileAt(Map.of())).isNull();
  }

  private static Map<String, Object> build(
      Map<String, Object> old,
      Outcome outcome,
      Map<ObjectRef, ReadinessVerdict> children,
      Instant now) {
    return StatusBuilder.build(
        old,
        3,
        Map.of("availableReplicas", 2),
        Inventory.of(List.of(DEPLOYMENT, SERVICE)),
        outcome,
        new ReadinessReport(children),
        List.of(),
        now);
  }

  private static Map<ObjectRef, ReadinessVerdict> ready() {
    return Map.of(
        DEPLOYMENT,
        new ReadinessVerdict(ReadinessVerdict.State.READY, ""),
        SERVICE,
        new ReadinessVerdict(ReadinessVerdict.State.READY, ""));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> condition(Map<String, Object> status, String type) {
    return ((List<Map<String, Object>>) status.get("conditions"))
        .stream().filter(c -> type.equals(c.get("type"))).findFirst().orElseThrow();
  }
}
