package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.apply.Change;
import io.webserveroperator.diff.Action;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.rollout.RolloutMember;
import io.webserveroperator.rollout.RolloutOrder;
import io.webserveroperator.rollout.RolloutState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The prune metrics (every prune by kind, and the prunes since the kind's last template reload) and
 * the rollout metrics (the leader's rollout state, the resources on each revision).
 */
class OperatorMetricsTest {

  static final String SINCE_RELOAD =
      "webserver_operator_reload_pruned_objects{kind=\"WebServer\",operator=\"webserver-operator\"}";
  static final String TOTAL =
      "webserver_operator_pruned_objects_total{kind=\"WebServer\",operator=\"webserver-operator\"}";

  final OperatorMetrics metrics =
      new OperatorMetrics(new ApiRequestCounter(), OperatorName.defaults());

  static Change change(Action action, String name) {
    return new Change(new ObjectRef("v1", "Service", "default", name), action, false);
  }

  @Test
  void everyMetricIsLabelledWithTheOperatorsNameSoThatOperatorsSideBySideTellApart() {
    OperatorMetrics shop = new OperatorMetrics(new ApiRequestCounter(), new OperatorName("shop"));
    shop.leadership("shop", () -> true);
    shop.changed("Site", List.of(change(Action.PRUNE, "a")));

    assertThat(shop.scrape())
        .contains("leader_election_master_status{name=\"shop\",operator=\"shop\"} 1.0")
        .contains("webserver_operator_pruned_objects_total{kind=\"Site\",operator=\"shop\"} 1.0")
        .contains("rest_client_requests_total{operator=\"shop\",verb=\"get\"} 0.0");
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
        .contains(
            "webserver_operator_reload_pruned_objects{kind=\"Site\",operator=\"webserver-operator\"} 0.0")
        .contains(
            "webserver_operator_pruned_objects_total{kind=\"Site\",operator=\"webserver-operator\"} 2.0");
  }

  static final String PAUSED =
      "webserver_operator_rollout_paused{kind=\"WebServer\",operator=\"webserver-operator\"}";
  static final String STEP =
      "webserver_operator_rollout_step{kind=\"WebServer\",operator=\"webserver-operator\"}";
  static final String REVISION =
      "webserver_operator_rollout_revision{kind=\"WebServer\",operator=\"webserver-operator\"}";

  static String resources(String revision) {
    return "webserver_operator_template_revision_resources{kind=\"WebServer\",operator=\"webserver-operator\",revision=\""
        + revision
        + "\"}";
  }

  static RolloutMember on(String name, Optional<String> revision) {
    return new RolloutMember(
        new RolloutOrder(false, "shop", name), Optional.empty(), revision, true, true, false);
  }

  @Test
  void rolloutGaugesFollowTheStateAndCountTheResourcesOnEachRevisionAtEachScrape() {
    Instant now = Instant.parse("2026-12-01T00:00:00Z");
    RolloutState moving = RolloutState.complete("aaaaaaaaaa", 2, now).next("bbbbbbbbbb", 3, now);
    AtomicReference<Optional<RolloutState>> state = new AtomicReference<>(Optional.of(moving));
    List<RolloutMember> members = new ArrayList<>();
    members.add(on("a", Optional.of("bbbbbbbbbb")));
    members.add(on("b", Optional.of("aaaaaaaaaa")));
    members.add(on("c", Optional.of("aaaaaaaaaa")));
    members.add(on("d", Optional.empty()));
    metrics.rollout("WebServer", state::get, () -> List.copyOf(members));

    assertThat(metrics.scrape())
        .contains(PAUSED + " 0.0", STEP + " 1.0", REVISION + " 3.0")
        .contains(
            resources("aaaaaaaaaa") + " 2.0",
            resources("bbbbbbbbbb") + " 1.0",
            resources("none") + " 1.0");

    members.replaceAll(member -> on(member.position().name(), Optional.of("bbbbbbbbbb")));
    state.set(
        Optional.of(
            new RolloutState(
                "bbbbbbbbbb",
                3,
                "aaaaaaaaaa",
                RolloutState.Phase.PAUSED,
                0,
                now,
                Optional.empty(),
                List.of("shop/a"))));

    assertThat(metrics.scrape())
        .contains(PAUSED + " 1.0", STEP + " 1.0", resources("bbbbbbbbbb") + " 4.0")
        .doesNotContain(resources("aaaaaaaaaa"), resources("none"));
  }

  @Test
  void aCompleteRolloutIsAtStepZero() {
    RolloutState complete = RolloutState.complete("aaaaaaaaaa", 1, Instant.now());
    metrics.rollout("WebServer", () -> Optional.of(complete), List::of);

    assertThat(metrics.scrape()).contains(PAUSED + " 0.0", STEP + " 0.0", REVISION + " 1.0");
  }

  @Test
  void aReplicaThatDoesNotLeadShowsOnlyTheResourcesOnEachRevision() {
    metrics.rollout(
        "WebServer", Optional::empty, () -> List.of(on("a", Optional.of("cccccccccc"))));

    assertThat(metrics.scrape())
        .contains(resources("cccccccccc") + " 1.0")
        .doesNotContain("webserver_operator_rollout_");
  }
}
