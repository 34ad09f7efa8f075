package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.ObjectRef;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The warning before a template edit deletes anything: prunes, objects kept, conflicts. */
class PruneSummaryTest {

  static PlanEntry pruned(String kind, String name) {
    return PlanEntry.unrendered(
        new ObjectRef("v1", kind, "default", name),
        Action.PRUNE,
        Map.of("apiVersion", "v1", "kind", kind, "metadata", Map.of("name", name)));
  }

  @Test
  void countsEveryActionEvenWhenNothingIsPruned() throws IOException {
    assertThat(PruneSummary.of(PlanPrinterTest.plan()).counts())
        .isEqualTo(
            "0 objects would be pruned, 0 left in place (resource-policy: keep), 0 conflicts");
  }

  @Test
  void countsPrunesOrphansAndConflictsOfAPlan() throws IOException {
    Plan plan =
        new Plan(
            List.of(
                PlanPrinterTest.plan().entries().get(0),
                pruned("Service", "web-service"),
                pruned("ConfigMap", "web-content"),
                PlanPrinterTest.orphan(),
                PlanPrinterTest.conflict(),
                PlanPrinterTest.adopt()));

    PruneSummary summary = PruneSummary.of(plan);

    assertThat(summary.pruned())
        .containsExactly(
            new ObjectRef("v1", "Service", "default", "web-service"),
            new ObjectRef("v1", "ConfigMap", "default", "web-content"));
    assertThat(summary.counts())
        .isEqualTo(
            "2 objects would be pruned, 1 left in place (resource-policy: keep), 1 conflict");
    assertThat(summary.named(5))
        .isEqualTo(
            "2 objects would be pruned (Service default/web-service, ConfigMap"
                + " default/web-content); 1 left in place (resource-policy: keep) (Ingress"
                + " shop/web); 1 conflict (ConfigMap shop/other-content)");
  }

  @Test
  void namesOnlySoManyObjectsAndCountsTheRest() {
    List<PlanEntry> entries = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      entries.add(pruned("Service", "s" + i));
    }

    assertThat(PruneSummary.of(new Plan(entries)).named(2))
        .isEqualTo(
            "5 objects would be pruned (Service default/s1, Service default/s2, and 3 more)");
    assertThat(PruneSummary.of(new Plan(entries.subList(0, 1))).named(2))
        .isEqualTo("1 object would be pruned (Service default/s1)");
    assertThat(PruneSummary.of(new Plan(List.of())).named(2))
        .isEqualTo("0 objects would be pruned");
  }
}
