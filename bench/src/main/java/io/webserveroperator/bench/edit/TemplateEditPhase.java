package io.webserveroperator.bench.edit;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.bench.BenchException;
import io.webserveroperator.bench.CpuTimes;
import io.webserveroperator.bench.OperatorReplicas;
import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One template edit of the template-edit phase: edits the operator's copy of the Deployment
 * template so that every Deployment changes, and measures until every WebServer is on the new
 * revision and Ready, with the simulated Deployment controller rolling each changed Deployment out.
 * Then counts the operator's requests over a quiet period. Blocks until done.
 */
public final class TemplateEditPhase {

  private static final Duration QUIET_AT_MOST = Duration.ofMinutes(2);

  private final KubernetesClient client;
  private final String namespace;
  private final TemplateCopy templates;
  private final SimulatedDeploymentController controller;
  private final RollingDeployments rolling;
  private final int webServers;
  private final Duration quiet;
  private final Consumer<String> progress;

  public TemplateEditPhase(
      KubernetesClient client,
      String namespace,
      TemplateCopy templates,
      SimulatedDeploymentController controller,
      RollingDeployments rolling,
      int webServers,
      Duration quiet,
      Consumer<String> progress) {
    this.client = client;
    this.namespace = namespace;
    this.templates = templates;
    this.controller = controller;
    this.rolling = rolling;
    this.webServers = webServers;
    this.quiet = quiet;
    this.progress = progress;
  }

  /** How long moving every WebServer may take before the run fails. */
  Duration timeout() {
    return Duration.ofSeconds(Math.max(600, webServers / 5));
  }

  /**
   * Waits until every WebServer is Ready on the current revision, with the operator quiet: what the
   * simulated controller's first rollouts or a restart of the operator leave.
   */
  public TemplateEditFigures.Preparation prepare(
      String what, long startNanos, OperatorReplicas operator, RequestCounts before, long written) {
    try (RevisionWatch watch = new RevisionWatch(client, namespace, templates.hash(), webServers)) {
      watch.awaitReady(startNanos, timeout(), progress, this::rollingNow, controller::failure);
    }
    RequestCounts requests = quiet(operator);
    return new TemplateEditFigures.Preparation(
        what,
        Duration.ofNanos(System.nanoTime() - startNanos),
        requests.minus(before),
        controller.writes() - written);
  }

  /** Makes edit {@code number} under {@code policy}, which the operator was started with. */
  public TemplateEditFigures run(
      int number,
      Optional<RolloutPolicy> policy,
      TemplateEditFigures.Preparation before,
      OperatorReplicas operator,
      Map<String, List<ProcessHandle>> parts) {
    String hash = templates.hashAfterEdit(number);
    progress.accept(
        "Editing the Deployment template (revision "
            + hash
            + ", "
            + policy.map(p -> "rollout " + p.describe()).orElse("no rollout policy")
            + ")");
    RequestCounts requestsBefore = quiet(operator);
    long reconcilesBefore = operator.reconciles();
    long writesBefore = controller.writes();
    CpuTimes cpuBefore = CpuTimes.of(parts);
    RolloutTimeline timeline = new RolloutTimeline(rolling);
    try (RevisionWatch watch = new RevisionWatch(client, namespace, hash, webServers);
        StoredRevisionWatch stored = new StoredRevisionWatch(client, namespace, hash, timeline)) {
      Supplier<String> detail = () -> rollingNow() + ", " + step(timeline);
      Supplier<Optional<String>> failure = () -> paused(timeline, hash).or(controller::failure);
      rolling.reset();
      long start = System.nanoTime();
      stored.start(start);
      templates.edit(number);
      Duration allOnRevision = watch.awaitOnRevision(start, timeout(), progress, detail, failure);
      Duration allReady = watch.awaitReady(start, timeout(), progress, detail, failure);
      List<RevisionTally> tallies = watch.tallies(start);
      Duration complete = awaitComplete(timeline, start);
      CpuTimes cpu = CpuTimes.of(parts).minus(cpuBefore);
      RequestCounts requests = quiet(operator).minus(requestsBefore);
      long reconciles = operator.reconciles() - reconcilesBefore;
      long controllerWrites = controller.writes() - writesBefore;
      progress.accept("Counting the operator's requests over " + quiet.toSeconds() + " s");
      RequestCounts quietStart = operator.requests();
      OperatorProcess.sleep(quiet);
      RequestCounts steady = operator.requests().minus(quietStart);
      return new TemplateEditFigures(
          policy,
          before,
          webServers,
          stored.stored().orElseThrow(() -> new BenchException("No revision was stored.")),
          allOnRevision,
          allReady,
          complete,
          timeline.steps(),
          rolling.phaseMax(),
          requests,
          stored.creates(),
          stored.changes(),
          reconciles,
          controllerWrites,
          cpu,
          steady,
          hash,
          tallies);
    }
  }

  /**
   * The operator's requests once neither they nor its reconciles grew for a second (or after two
   * minutes): a restarted operator reconciles every WebServer without a request, and each step of a
   * rollout requeues them all.
   */
  private static RequestCounts quiet(OperatorReplicas operator) {
    RequestCounts requests = operator.requests();
    long reconciles = operator.reconciles();
    long deadline = System.nanoTime() + QUIET_AT_MOST.toNanos();
    while (System.nanoTime() < deadline) {
      OperatorProcess.sleep(Duration.ofSeconds(1));
      RequestCounts nowRequests = operator.requests();
      long nowReconciles = operator.reconciles();
      if (nowRequests.equals(requests) && nowReconciles == reconciles) {
        return nowRequests;
      }
      requests = nowRequests;
      reconciles = nowReconciles;
    }
    // Still reconciling: a short --resync brings every WebServer back again and again.
    return requests;
  }

  /** The rollout is recorded complete within a tick or two of the last WebServer being Ready. */
  private Duration awaitComplete(RolloutTimeline timeline, long start) {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (timeline.completed().isEmpty()) {
      if (System.nanoTime() > deadline) {
        throw new BenchException(
            "Every WebServer was Ready on the new revision, but its stored rollout state did not"
                + " say complete within 60 s; see the operator's log.");
      }
      OperatorProcess.sleep(Duration.ofMillis(20));
    }
    return timeline.completed().get();
  }

  private String rollingNow() {
    return rolling.now() + " Deployments rolling";
  }

  private static String step(RolloutTimeline timeline) {
    List<RolloutTimeline.Step> steps = timeline.steps();
    return timeline.completed().isPresent()
        ? "rollout complete"
        : String.format(Locale.ROOT, "%d steps done", steps.size());
  }

  private static Optional<String> paused(RolloutTimeline timeline, String hash) {
    return timeline
        .paused()
        .map(
            failed ->
                "The rollout of revision "
                    + hash
                    + " paused, waiting for "
                    + failed
                    + "; see the operator's log.");
  }
}
