package io.webserveroperator.bench.contest;

import static io.webserveroperator.bench.WebServerResources.CHANGED_REPLICAS;
import static io.webserveroperator.bench.WebServerResources.REPLICAS;

import io.webserveroperator.bench.ChangeFigures;
import io.webserveroperator.bench.ChangeStream;
import io.webserveroperator.bench.CpuTimes;
import io.webserveroperator.bench.OperatorCommand;
import io.webserveroperator.bench.ProcStatus;
import io.webserveroperator.bench.Settling;
import io.webserveroperator.bench.WebServerResources;
import io.webserveroperator.testing.OperatorProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Runs {@code bench scale --peer}: the tutorial's Go operator, the minimal client and
 * webserver-operator, each on a fresh etcd and kube-apiserver (run one after the other on one API
 * server, the second would run on a cluster the first has filled), measured alike: the same creator
 * and observer ({@link ConvergedWatch}), the same warm-up, CPU per process, requests from the audit
 * log, resident memory, the same change of replicas on all at once, and the same stream of replicas
 * changes.
 */
public final class ContestBenchmark {

  private static final Duration DRAIN = Duration.ofSeconds(15);

  private final ContestOptions options;
  private final Consumer<String> progress;

  public ContestBenchmark(ContestOptions options, Consumer<String> progress) {
    this.options = options;
    this.progress = progress;
  }

  /** Every round, every contender; stops all it started, also on failure. */
  public ContestReport run() {
    List<ContestRun> runs = new ArrayList<>();
    for (int warmUp : options.warmUps()) {
      for (Contender contender : contenders(warmUp)) {
        runs.add(run(contender, warmUp));
      }
    }
    return new ContestReport(
        options.count(), options.concurrency(), options.workers(), options.rate(), runs);
  }

  private List<Contender> contenders(int warmUp) {
    Path logs = options.logs();
    return List.of(
        new OperatorContender(
            "tutorial Go operator",
            kubeconfig ->
                List.of(
                    options.peer().toString(),
                    "--kubeconfig",
                    kubeconfig.toString(),
                    "--namespace",
                    ContestCluster.NAMESPACE,
                    "--max-concurrent-reconciles",
                    Integer.toString(options.workers()),
                    "--metrics-bind-address",
                    "0",
                    "--health-probe-bind-address",
                    "0"),
            logs.resolve("bench-contest-go-" + warmUp + ".log"),
            options.concurrency()),
        new MinimalContender(options.templates().resolve("watches.yaml"), options.concurrency()),
        new OperatorContender(
            "webserver-operator",
            kubeconfig -> {
              List<String> command =
                  new ArrayList<>(
                      List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
              command.addAll(
                  OperatorCommand.arguments(
                      options.jvm(),
                      options.jar(),
                      kubeconfig,
                      options.templates(),
                      ContestCluster.NAMESPACE,
                      options.resync(),
                      options.workers(),
                      false));
              command.addAll(
                  List.of("--health-port", Integer.toString(OperatorProcess.freePort())));
              return command;
            },
            logs.resolve("bench-contest-operator-" + warmUp + ".log"),
            options.concurrency()));
  }

  private ContestRun run(Contender contender, int warmUp) {
    progress.accept("== " + contender.name() + ", warm-up " + warmUp + ": a fresh API server");
    try (ContestCluster cluster =
            ContestCluster.start(options.binaries(), options.crds(), progress);
        Contender.Running running = contender.start(cluster)) {
      int count = options.count();
      progress.accept("Warming " + contender.name() + " up with " + warmUp + " WebServers");
      converge(cluster, count, warmUp, REPLICAS, () -> running.create(count, warmUp));
      Map<String, List<ProcessHandle>> parts = CpuTimes.byCommand(cluster.processes());
      running.process().ifPresent(p -> parts.put("operator", List.of(p.handle())));
      parts.put("benchmark", List.of(ProcessHandle.current()));

      progress.accept("Creating " + count + " WebServers");
      ContestRun.Phase storm =
          measure(
              cluster,
              parts,
              () -> converge(cluster, 0, count, REPLICAS, () -> running.create(0, count)));
      Map<String, Long> memory =
          running.process().map(p -> ProcStatus.read(p.handle().pid())).orElse(Map.of());

      progress.accept("Changing spec.replicas on all " + count + " WebServers");
      ContestRun.Phase changeOnAll =
          measure(
              cluster,
              parts,
              () ->
                  converge(
                      cluster,
                      0,
                      count,
                      CHANGED_REPLICAS,
                      () -> running.changeReplicas(0, count, CHANGED_REPLICAS)));

      Optional<ChangeFigures> changes = Optional.empty();
      if (running.follows()) {
        progress.accept(
            "Streaming "
                + options.rate()
                + " replicas changes/s for "
                + options.changeWindow().toSeconds()
                + " s");
        changes =
            Optional.of(
                new ChangeStream(cluster.admin())
                    .run(
                        ContestCluster.NAMESPACE,
                        count,
                        options.rate(),
                        options.changeWindow(),
                        DRAIN));
      }
      return new ContestRun(
          contender.name(),
          warmUp,
          storm,
          memory.getOrDefault("VmRSS", -1L),
          memory.getOrDefault("VmHWM", -1L),
          changeOnAll,
          changes);
    }
  }

  /**
   * Runs {@code phase}, which returns its time until every WebServer converged, and measures it
   * alike for every phase: the CPU of every part and the contender's requests, from before its
   * first write until its writes stop.
   */
  private static ContestRun.Phase measure(
      ContestCluster cluster, Map<String, List<ProcessHandle>> parts, Supplier<Convergence> phase) {
    AuditCounts before = Settling.settled(cluster.audit()::counts);
    CpuTimes cpuBefore = CpuTimes.of(parts);
    Convergence converged = phase.get();
    AuditCounts requests = Settling.settled(cluster.audit()::counts).minus(before);
    Map<String, Duration> cpu = CpuTimes.of(parts).minus(cpuBefore).byPart();
    return new ContestRun.Phase(
        converged.all(),
        converged.each(),
        Optional.ofNullable(cpu.get("operator")),
        cpu.getOrDefault("kube-apiserver", Duration.ZERO),
        cpu.getOrDefault("etcd", Duration.ZERO),
        cpu.get("benchmark"),
        requests);
  }

  /**
   * Runs {@code writes} on WebServers {@code first} to {@code first + count - 1} and returns the
   * time until every one converged with {@code replicas}, and until each did.
   */
  private Convergence converge(
      ContestCluster cluster, int first, int count, int replicas, Runnable writes) {
    Set<String> names =
        IntStream.range(first, first + count)
            .mapToObj(WebServerResources::name)
            .collect(Collectors.toUnmodifiableSet());
    try (ConvergedWatch watch =
        new ConvergedWatch(cluster.admin(), ContestCluster.NAMESPACE, names, replicas)) {
      long start = System.nanoTime();
      writes.run();
      Duration all = watch.await(start, Duration.ofSeconds(Math.max(120, count / 15)), progress);
      return new Convergence(all, watch.convergedEach(start));
    }
  }

  /** From the first write until every WebServer converged, and until each did, in order. */
  private record Convergence(Duration all, List<Duration> each) {}
}
