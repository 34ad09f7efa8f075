package io.webserveroperator.bench.scale;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.bench.ChangeFigures;
import io.webserveroperator.bench.ChangeStream;
import io.webserveroperator.bench.CpuTimes;
import io.webserveroperator.bench.CreateStorm;
import io.webserveroperator.bench.DirectApiClient;
import io.webserveroperator.bench.MinimalWriter;
import io.webserveroperator.bench.OperatorCommand;
import io.webserveroperator.bench.OperatorReplicas;
import io.webserveroperator.bench.ReplicaFigures;
import io.webserveroperator.bench.SettledWatch;
import io.webserveroperator.bench.Settling;
import io.webserveroperator.bench.edit.OrderedTemplates;
import io.webserveroperator.bench.edit.RollingDeployments;
import io.webserveroperator.bench.edit.SimulatedDeploymentController;
import io.webserveroperator.bench.edit.TemplateCopy;
import io.webserveroperator.bench.edit.TemplateEditFigures;
import io.webserveroperator.bench.edit.TemplateEditPhase;
import io.webserveroperator.bench.lookup.LookupEditPhase;
import io.webserveroperator.bench.lookup.LookupFigures;
import io.webserveroperator.bench.lookup.LookupTemplates;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.KubeClients;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.RequestCounts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs {@code bench scale}: the phases of the package description against a fresh etcd and
 * kube-apiserver, with the operator as its own JVM. Blocks for the whole run and stops everything
 * it started, also on failure.
 */
public final class ScaleBenchmark {

  static final String OPERATOR_NAMESPACE = "bench-operator";
  static final String MINIMAL_NAMESPACE = "bench-minimal";
  private static final Duration DRAIN = Duration.ofSeconds(15);
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

  private final ScaleOptions options;
  private final Consumer<String> progress;

  public ScaleBenchmark(ScaleOptions options, Consumer<String> progress) {
    this.options = options;
    this.progress = progress;
  }

  /** Runs every phase and returns the figures. */
  public ScaleReport run() {
    progress.accept("Starting etcd and kube-apiserver");
    try (LocalCluster server =
            LocalCluster.start(
                LocalClusterOptions.defaults().toBuilder()
                    .binaries(options.binaries())
                    .apiServerOnly(true)
                    .progress(progress)
                    .build());
        KubernetesClient admin = KubeClients.create(server.kubeconfigPath(), null)) {
      new FolderApplier(admin, Duration.ofSeconds(60)).apply(options.crds());
      createNamespace(admin, OPERATOR_NAMESPACE);
      createNamespace(admin, MINIMAL_NAMESPACE);
      LookupEditPhase lookups = options.lookups() ? new LookupEditPhase(admin, progress) : null;
      Path source = options.templates();
      if (lookups != null) {
        lookups.prepare();
        source =
            LookupTemplates.copy(
                source, options.operatorLog().resolveSibling("bench-scale-lookup-templates"));
      }
      if (options.ordered()) {
        source =
            OrderedTemplates.copy(
                source, options.operatorLog().resolveSibling("bench-scale-ordered-templates"));
      }
      TemplateCopy edited =
          options.templateEdit().enabled()
              ? TemplateCopy.of(
                  source, options.operatorLog().resolveSibling("bench-scale-templates"))
              : null;
      if (edited != null) {
        // The first edit is made without a policy, whatever the copied watches.yaml says.
        edited.rollout(Optional.empty());
      }
      Path templates = edited == null ? source : edited.root();
      List<String> jvm = OperatorCommand.jvm(options.maxRam(), options.extraJvmFlags());
      List<List<String>> commands = new ArrayList<>();
      List<Path> logs = new ArrayList<>();
      for (int i = 1; i <= options.replicas(); i++) {
        commands.add(operatorCommand(jvm, server.kubeconfigPath(), templates));
        logs.add(options.operatorLog(i));
      }
      progress.accept(
          "Starting "
              + (options.replicas() == 1
                  ? "the operator process"
                  : options.replicas() + " operator processes")
              + "; logs: "
              + logs);
      try (OperatorReplicas operator = OperatorReplicas.start(commands, logs)) {
        operator.awaitReady(READY_TIMEOUT);
        DirectApiClient user = new DirectApiClient(admin.getConfiguration(), null);
        if (options.warmUp() > 0) {
          progress.accept("Warming the operator up with " + options.warmUp() + " WebServers");
          createStorm(admin, user, options.count(), options.warmUp());
        }
        Map<String, List<ProcessHandle>> parts = parts(server, operator);
        long reconcilesBefore = operator.reconciles();
        ScaleReport.Phase operatorPhase = operatorPhase(admin, user, operator, parts);
        long reconciles = operator.reconciles() - reconcilesBefore;

        progress.accept(
            "Counting the operator's requests over " + options.quiet().toSeconds() + " s");
        RequestCounts quietStart = operator.requests();
        RequestCounts quietLeasesStart = operator.leaseRequests();
        OperatorProcess.sleep(options.quiet());
        RequestCounts steady = operator.requests().minus(quietStart);
        RequestCounts steadyLeases = operator.leaseRequests().minus(quietLeasesStart);
        List<ReplicaFigures> memory = operator.memory();
        if (options.extraJvmFlags().stream().anyMatch(f -> f.contains("NativeMemoryTracking"))) {
          Path summary = options.operatorLog().resolveSibling("bench-scale-native-memory.txt");
          writeString(summary, operator.nativeMemorySummary());
          progress.accept("The (first) operator's native memory summary: " + summary);
        }

        progress.accept(
            "Streaming "
                + options.rate()
                + " changes/s for "
                + options.changeWindow().toSeconds()
                + " s");
        RequestCounts changeStart = operator.requests();
        CpuTimes changeCpuStart = CpuTimes.of(parts);
        ChangeFigures changes =
            new ChangeStream(admin)
                .run(
                    OPERATOR_NAMESPACE,
                    options.count(),
                    options.rate(),
                    options.changeWindow(),
                    DRAIN);
        RequestCounts changeRequests = Settling.settled(operator::requests).minus(changeStart);
        CpuTimes changeCpu = CpuTimes.of(parts).minus(changeCpuStart);
        // After the operator's phases, so that those ran on an API server holding only its objects.
        MinimalRun minimal = minimalPhase(admin, user, parts);
        Optional<LookupFigures> lookupFigures =
            lookups == null
                ? Optional.empty()
                : Optional.of(
                    lookups.run(
                        OPERATOR_NAMESPACE,
                        options.warmUp() + options.count(),
                        options.quiet(),
                        timeout(options.warmUp() + options.count()),
                        new LookupEditPhase.Counters(
                            operator::requests, operator::reconciles, operator::lookupRequeues)));
        List<TemplateEditFigures> templateEdits =
            edited == null
                ? List.of()
                : templateEdits(admin, server, operator, edited, commands.get(0));
        return new ScaleReport(
            options.count(),
            options.warmUp(),
            options.concurrency(),
            options.workers(),
            options.replicas(),
            jvm,
            operatorPhase,
            minimal.phase(),
            minimal.lastAnswer(),
            reconciles,
            options.quiet(),
            options.resync(),
            steady,
            steadyLeases,
            options.rate(),
            changes,
            changeRequests,
            changeCpu,
            memory,
            templateEdits,
            lookupFigures);
      }
    }
  }

  /**
   * The template-edit phase: the simulated Deployment controller rolls every Deployment out once,
   * then an edit moves every WebServer at once; with a policy, the operator is restarted with it
   * and a second edit moves them in its steps.
   */
  private List<TemplateEditFigures> templateEdits(
      KubernetesClient admin,
      LocalCluster server,
      OperatorReplicas operator,
      TemplateCopy templates,
      List<String> command) {
    Duration rolloutTime = options.templateEdit().rolloutTime();
    RollingDeployments rolling = new RollingDeployments();
    List<TemplateEditFigures> edits = new ArrayList<>();
    progress.accept(
        "Starting the simulated Deployment controller ("
            + rolloutTime.toMillis()
            + " ms per rollout); it rolls every Deployment out once");
    RequestCounts before = Settling.settled(operator::requests);
    long start = System.nanoTime();
    try (SimulatedDeploymentController controller =
        new SimulatedDeploymentController(admin, OPERATOR_NAMESPACE, rolloutTime, rolling)) {
      TemplateEditPhase phase =
          new TemplateEditPhase(
              admin,
              OPERATOR_NAMESPACE,
              templates,
              controller,
              rolling,
              options.warmUp() + options.count(),
              options.quiet(),
              progress);
      TemplateEditFigures.Preparation first =
          phase.prepare(
              "the simulated controller rolled every Deployment out once",
              start,
              operator,
              before,
              0);
      edits.add(phase.run(1, Optional.empty(), first, operator, parts(server, operator)));
      Optional<RolloutPolicy> policy = options.templateEdit().policy();
      if (policy.isPresent()) {
        progress.accept("Restarting the operator with the rollout policy in watches.yaml");
        operator.close();
        Optional<RolloutPolicy> read = templates.rollout(policy);
        Path log = options.operatorLog().resolveSibling("bench-scale-operator-restarted.log");
        long restart = System.nanoTime();
        long written = controller.writes();
        try (OperatorReplicas restarted = OperatorReplicas.start(List.of(command), List.of(log))) {
          restarted.awaitReady(READY_TIMEOUT);
          TemplateEditFigures.Preparation second =
              phase.prepare(
                  "the operator restarted with the policy; log " + log.getFileName(),
                  restart,
                  restarted,
                  RequestCounts.none(),
                  written);
          edits.add(phase.run(2, read, second, restarted, parts(server, restarted)));
        }
      }
    }
    return edits;
  }

  /** The operator's arguments; with several replicas, sharded automatically. */
  private List<String> operatorCommand(List<String> jvm, Path kubeconfig, Path templates) {
    return OperatorCommand.arguments(
        jvm,
        options.jar(),
        kubeconfig,
        templates,
        OPERATOR_NAMESPACE,
        options.resync(),
        options.workers(),
        options.replicas() > 1);
  }

  /**
   * The processes whose CPU each phase reports, by part: the control plane's, the operator's, ours.
   */
  private static Map<String, List<ProcessHandle>> parts(
      LocalCluster server, OperatorReplicas operator) {
    Map<String, List<ProcessHandle>> parts = CpuTimes.byCommand(server.processes());
    parts.put("operator", operator.handles());
    parts.put("benchmark", List.of(ProcessHandle.current()));
    return parts;
  }

  private ScaleReport.Phase operatorPhase(
      KubernetesClient admin,
      DirectApiClient user,
      OperatorReplicas operator,
      Map<String, List<ProcessHandle>> parts) {
    progress.accept("Creating " + options.count() + " WebServers for the operator");
    // Settled first: the warm-up's last Events must not count as the storm's.
    RequestCounts before = Settling.settled(operator::requests);
    CpuTimes cpuBefore = CpuTimes.of(parts);
    Duration elapsed = createStorm(admin, user, 0, options.count());
    // Once its requests stop growing: the Events written after the last status count too.
    RequestCounts requests = Settling.settled(operator::requests).minus(before);
    return new ScaleReport.Phase(elapsed, requests, CpuTimes.of(parts).minus(cpuBefore));
  }

  /** WebServers {@code first} to {@code first + count - 1}, created and settled by the operator. */
  private Duration createStorm(KubernetesClient admin, DirectApiClient user, int first, int count) {
    return new CreateStorm(admin, user, progress)
        .run(OPERATOR_NAMESPACE, first, count, options.concurrency(), timeout(count));
  }

  /** How long settling {@code count} WebServers may take before the run fails. */
  private static Duration timeout(int count) {
    return Duration.ofSeconds(Math.max(120, count / 15));
  }

  /** The minimal client's phase, and when the answer to its last write came. */
  private record MinimalRun(ScaleReport.Phase phase, Duration lastAnswer) {}

  private MinimalRun minimalPhase(
      KubernetesClient admin, DirectApiClient user, Map<String, List<ProcessHandle>> parts) {
    ApiRequestCounter counter = new ApiRequestCounter();
    DirectApiClient counted = new DirectApiClient(admin.getConfiguration(), counter);
    try (TemplateRegistry templates =
        TemplateRegistry.load(options.templates().resolve("watches.yaml"))) {
      MinimalWriter writer = new MinimalWriter(user, counted, new KindResolver(admin), templates);
      if (options.warmUp() > 0) {
        progress.accept("Warming the minimal client up with " + options.warmUp() + " WebServers");
        writer.run(MINIMAL_NAMESPACE, options.count(), options.warmUp(), options.concurrency());
      }
      progress.accept("Writing " + options.count() + " WebServers with the minimal client");
      RequestCounts before = RequestCounts.of(counter);
      CpuTimes cpuBefore = CpuTimes.of(parts);
      try (SettledWatch watch = new SettledWatch(admin, MINIMAL_NAMESPACE, 0, options.count())) {
        long start = System.nanoTime();
        writer.run(MINIMAL_NAMESPACE, 0, options.count(), options.concurrency());
        Duration lastAnswer = Duration.ofNanos(System.nanoTime() - start);
        Duration elapsed = watch.await(start, timeout(options.count()), progress);
        return new MinimalRun(
            new ScaleReport.Phase(
                elapsed,
                RequestCounts.of(counter).minus(before),
                CpuTimes.of(parts).minus(cpuBefore)),
            lastAnswer);
      }
    }
  }

  private static void writeString(Path file, String text) {
    try {
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void createNamespace(KubernetesClient client, String name) {
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
        .create();
  }
}
