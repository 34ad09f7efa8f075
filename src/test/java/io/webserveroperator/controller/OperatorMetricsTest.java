package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.apply.Change;
import io.webserveroperator.diff.Action;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.manifest.ObjectRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The prune metrics: every prune by kind, and the prunes since the kind's last template reload. */
class OperatorMetricsTest {

  static final String SINCE_RELOAD = "webserver_operator_reload_pruned_objects{kind=\"WebServer\"}";
  static final String TOTAL = "webserver_operator_pruned_objects_total{kind=\"WebServer\"}";

  final OperatorMetrics metrics = new OperatorMetrics(new ApiRequestCounter());

  static Change change(Action action, String name) {
    return new Change(new ObjectRef("v1", "Service", "default", name), action, false);
  }

  @Test
  void countsPrunesSinceTheLastReloadAndInAll() {
    metrics.changed("WebServer", List.of(change(Action.PRUNE, "a"), change(Action.UPDATE, "b")));
    assertThat(metrics.scrape()).contains(SINCE_RELOAD + " 1.0", TOTAL + " 1.0");

    metrics.templatesReloaded("WebServer");
    assertThat(metrics.scrape()).contains(SINCE_RELOAD + " 0.0", TOTAL + " 1.0");

    metrics.changed("WebServer", List.of(change(Action.PRUNE, "c"), change(Action.PRUNE, "d")));
    metrics.changed("WebServer", List.of(change(Action.PRUNE, "e")));
    assertThat(metrics.scrape()).contains(SINCE_RELOAD + " 3.0", TOTAL + " 4.0");
  }

  @Test
  void aReloadShowsZeroPrunesBeforeAnyReconcile() {
    metrics.templatesReloaded("WebServer");

    assertThat(metrics.scrape()).contains(SINCE_RELOAD + " 0.0", TOTAL + " 0.0");
  }

  @Test
  void theFirstReconcileOfAKindShowsZeroPrunes() {
    assertThat(metrics.scrape()).doesNotContain("pruned_objects");

    metrics.changed("WebServer", List.of());

    assertThat(metrics.scrape()).contains(SINCE_RELOAD + " 0.0", TOTAL + " 0.0");
  }

  @Test
  void keptObjectsAndOtherChangesAreNotPrunes() {
    metrics.changed(
        "WebServer",
        List.of(
            change(Action.ORPHAN, "kept"),
            change(Action.CREATE, "new"),
            change(Action.ADOPT, "taken")));

    assertThat(metrics.scrape()).contains(SINCE_RELOAD + " 0.0", TOTAL + " 0.0");
  }

  @Test
  void eachKindCountsItsOwnPrunesAndReloads() {
    metrics.changed("WebServer", List.of(change(Action.PRUNE, "a")));
    metrics.changed("Site", List.of(change(Action.PRUNE, "b"), change(Action.PRUNE, "c")));
    metrics.templatesReloaded("Site");

    assertThat(metrics.scrape())
        .contains(SINCE_RELOAD + " 1.0", TOTAL + " 1.0")
        .contains("webserver_operator_reload_pruned_objects{kind=\"Site\"} 0.0")
        .contains("webserver_operator_pruned_objects_total{kind=\"Site\"} 2.0");
  }
}
