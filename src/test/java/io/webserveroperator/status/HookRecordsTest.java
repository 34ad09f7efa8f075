package io.webserveroperator.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.status.HookRecords.Phase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HookRecordsTest {

  private static final ObjectRef FIRST = run("orders-migrate-aaaaaa");
  private static final ObjectRef SECOND = run("orders-migrate-bbbbbb");

  @Test
  void aRenderingThatSucceededOrIsTheInstallsBaselineIsDoneAndANewRenderingIsNot() {
    for (Phase phase : List.of(Phase.Succeeded, Phase.Skipped)) {
      HookRecords records = records(phase, "pre-upgrade");
      assertThat(records.done(Ordering.Hook.PRE_UPGRADE, "orders-migrate", FIRST))
          .as(phase.name())
          .isTrue();
      assertThat(records.done(Ordering.Hook.PRE_UPGRADE, "orders-migrate", SECOND))
          .as(phase.name())
          .isFalse();
    }
  }

  @Test
  void aRunningOrFailedRunIsNotDone() {
    for (Phase phase : List.of(Phase.Running, Phase.Failed)) {
      assertThat(
              records(phase, "pre-upgrade")
                  .done(Ordering.Hook.PRE_UPGRADE, "orders-migrate", FIRST))
          .as(phase.name())
          .isFalse();
    }
  }

  @Test
  void anInstallHookThatSucceededAtItsMomentIsDoneForAnyRendering() {
    HookRecords records = records(Phase.Succeeded, "pre-install");
    assertThat(records.done(Ordering.Hook.PRE_INSTALL, "orders-migrate", SECOND)).isTrue();
    assertThat(records.done(Ordering.Hook.PRE_UPGRADE, "orders-migrate", SECOND)).isFalse();
  }

  @Test
  void aBaselineIsReadBackFromTheStatusAsWritten() {
    HookRecords records = records(Phase.Skipped, "pre-upgrade");
    Map<String, Object> status = Map.of(HookRecords.FIELD, records.toStatus());
    assertThat(HookRecords.fromStatus(status)).isEqualTo(records);
    assertThat(records.toStatus().toString()).contains("phase=Skipped", HookRecords.BASELINE);
  }

  private static HookRecords records(Phase phase, String moment) {
    return new HookRecords(
        true,
        List.of(
            new HookRecords.Run(
                FIRST.name(),
                "orders-migrate",
                "batch/v1",
                "Job",
                moment,
                phase,
                phase == Phase.Skipped ? HookRecords.BASELINE : "",
                0,
                "")));
  }

  private static ObjectRef run(String name) {
    return new ObjectRef("batch/v1", "Job", "shop", name);
  }
}
