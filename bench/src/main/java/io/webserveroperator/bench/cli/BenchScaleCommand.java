package io.webserveroperator.bench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.webserveroperator.bench.OperatorCommand;
import io.webserveroperator.bench.contest.ContestBenchmark;
import io.webserveroperator.bench.contest.ContestFormat;
import io.webserveroperator.bench.contest.ContestOptions;
import io.webserveroperator.bench.contest.ContestReport;
import io.webserveroperator.bench.contest.ConvergencePlot;
import io.webserveroperator.bench.edit.RevisionPlot;
import io.webserveroperator.bench.edit.TemplateEditOptions;
import io.webserveroperator.bench.plot.LineChart;
import io.webserveroperator.bench.plot.SvgChart;
import io.webserveroperator.bench.scale.ScaleBenchmark;
import io.webserveroperator.bench.scale.ScaleOptions;
import io.webserveroperator.bench.scale.ScaleReport;
import io.webserveroperator.bench.scale.ScaleReportFormat;
import io.webserveroperator.cli.options.DurationConverter;
import io.webserveroperator.cli.options.RolloutStepsConverter;
import io.webserveroperator.dev.KubeBinaries;
import io.webserveroperator.template.watches.RolloutPolicy;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code bench scale}: N WebServers against a real API server, the operator running as its own JVM;
 * prints the figures and writes them as JSON. The work is in {@link ScaleBenchmark}.
 */
@Command(
    name = "scale",
    mixinStandardHelpOptions = true,
    description =
        "Create N WebServers at once against etcd and kube-apiserver, with the operator as its own"
            + " JVM (or several, sharded); print time, API requests, write ratio, steady-state"
            + " requests, change latency and each replica's memory; with --template-edit, a"
            + " template edit's rollout too.")
final class BenchScaleCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--count", defaultValue = "1000", description = "WebServers (default 1000).")
  int count;

  @Option(
      names = "--warm-up",
      defaultValue = "100",
      split = ",",
      description =
          "WebServers the operator and the minimal client each settle first, not measured, so"
              + " that both run compiled code (default ${DEFAULT-VALUE}; 0 for a cold start)."
              + " With --peer, a list: one round per value, side by side (1,100: cold and warm).")
  List<Integer> warmUps;

  @Option(
      names = "--peer",
      paramLabel = "BINARY",
      description =
          "The tutorial's Go operator (hack/peer-go.sh builds it and prints its path): measure it,"
              + " the minimal client and this operator alike, each on a fresh etcd and"
              + " kube-apiserver, and print them side by side.")
  Path peer;

  @Option(
      names = "--concurrency",
      defaultValue = "16",
      description = "Threads creating them (default 16).")
  int concurrency;

  @Option(
      names = "--rate",
      defaultValue = "50",
      description = "Spec changes per second in the latency phase (default 50).")
  int rate;

  @Option(
      names = "--seconds",
      defaultValue = "20",
      description = "How long the changes stream (default 20).")
  int seconds;

  @Option(
      names = "--quiet",
      defaultValue = "20s",
      converter = DurationConverter.class,
      description = "Quiet period for steady-state requests (default 20s).")
  Duration quiet;

  @Option(
      names = "--resync",
      defaultValue = "5s",
      converter = DurationConverter.class,
      description = "The operator's resync period (default 5s).")
  Duration resync;

  @Option(
      names = "--workers",
      defaultValue = "16",
      description =
          "The operator's reconcile workers, as run --workers (default ${DEFAULT-VALUE}).")
  int workers;

  @Option(
      names = "--replicas",
      defaultValue = "1",
      description =
          "Operator JVMs; more than one share the WebServers with --shards auto (default 1).")
  int replicas;

  @Option(
      names = "--jvm-flag",
      description =
          "A JVM flag for the operator after the image's, repeatable; with"
              + " -XX:NativeMemoryTracking=summary the summary is saved beside the JSON.")
  List<String> jvmFlags = new ArrayList<>();

  @Option(
      names = "--max-ram",
      defaultValue = "512m",
      description =
          "Memory the operator's JVM sizes itself for, as deploy/'s limit (default 512m).")
  String maxRam;

  @Option(
      names = "--template-edit",
      description =
          "Then edit the operator's copy of the templates so that every Deployment changes, with a"
              + " simulated Deployment controller, and time until every WebServer is on the new"
              + " revision and Ready; without a rollout policy, then (with --rollout-steps)"
              + " restarted with one.")
  boolean templateEdit;

  @Option(
      names = "--rollout-steps",
      paramLabel = "STEPS",
      converter = RolloutStepsConverter.class,
      description =
          "The rollout policy's steps for a second template edit, as watches.yaml's rollout.steps:"
              + " 1,10%%,50%%,100%%.")
  RolloutPolicy rolloutSteps;

  @Option(
      names = "--progress-deadline",
      defaultValue = "30m",
      converter = DurationConverter.class,
      description = "The rollout policy's progressDeadline (default ${DEFAULT-VALUE}).")
  Duration progressDeadline;

  @Option(
      names = "--rollout-time",
      defaultValue = "5s",
      converter = DurationConverter.class,
      description =
          "How long the simulated Deployment controller takes to roll one Deployment out (default"
              + " ${DEFAULT-VALUE}).")
  Duration rolloutTime;

  @Option(
      names = "--lookup",
      description =
          "Run the operator on a copy of the templates in which every WebServer's Service"
              + " looks up one shared ConfigMap (declared in watches.yaml); then edit a ConfigMap"
              + " nobody looks up, which must reach none, and the shared one, timed until every"
              + " Service shows it.")
  boolean lookup;

  @Option(
      names = "--ordered",
      description =
          "Run the operator on a copy of the templates in two waves with one hook: the Service in"
              + " wave -1, the Deployment waiting for it, a pre-install hook ConfigMap per"
              + " WebServer.")
  boolean ordered;

  @Option(
      names = "--jar",
      description =
          "The operator jar (default: target/webserver-operator.jar of the repository this"
              + " benchmark was built in).")
  Path jar;

  @Option(names = "--templates", defaultValue = "templates", paramLabel = "DIR")
  Path templates;

  @Option(names = "--crds", defaultValue = "crds", paramLabel = "DIR")
  Path crds;

  @Option(
      names = "--json",
      defaultValue = "target/bench-scale.json",
      description =
          "Where the figures go as JSON (default ${DEFAULT-VALUE}); the plots go beside it as SVG:"
              + " with --peer <name>-converged.svg, with --template-edit"
              + " <name>-template-edit-1.svg (and -2 with --rollout-steps).")
  Path json;

  @Override
  public Integer call() throws IOException {
    Path operatorLog = json.toAbsolutePath().resolveSibling("bench-scale-operator.log");
    Files.createDirectories(operatorLog.getParent());
    if (!binariesPresent() || !operatorJarPresent()) {
      return 2;
    }
    if (peer != null) {
      return contest(operatorLog.getParent());
    }
    if (warmUps.size() != 1) {
      throw new ParameterException(
          spec.commandLine(), "--warm-up takes one value unless --peer is given.");
    }
    ScaleOptions options =
        new ScaleOptions(
            count,
            warmUps.get(0),
            concurrency,
            rate,
            Duration.ofSeconds(seconds),
            quiet,
            resync,
            workers,
            replicas,
            jvmFlags,
            maxRam,
            operatorJar(),
            templates.toAbsolutePath(),
            crds.toAbsolutePath(),
            KubeBinaries.forBuildVersion(),
            operatorLog,
            new TemplateEditOptions(
                templateEdit,
                Optional.ofNullable(rolloutSteps)
                    .map(
                        steps ->
                            new RolloutPolicy(steps.steps(), progressDeadline, steps.maxUnready())),
                rolloutTime),
            lookup,
            ordered);
    ScaleReport report = new ScaleBenchmark(options, spec.commandLine().getErr()::println).run();
    spec.commandLine().getOut().print(ScaleReportFormat.table(report));
    for (int i = 0; i < report.templateEdits().size(); i++) {
      writePlot(RevisionPlot.of(report.templateEdits().get(i)), "template-edit-" + (i + 1));
    }
    return writeJson(ScaleReportFormat.json(report));
  }

  /** {@code --peer}: the contenders side by side, each on its own API server. */
  private int contest(Path logs) throws IOException {
    if (!Files.isExecutable(peer)) {
      spec.commandLine().getErr().println(peer + " is not an executable; run hack/peer-go.sh.");
      return 2;
    }
    if (replicas != 1 || templateEdit || lookup) {
      throw new ParameterException(
          spec.commandLine(),
          "--peer runs one replica of each contender, without --template-edit or --lookup.");
    }
    ContestOptions options =
        new ContestOptions(
            count,
            warmUps,
            concurrency,
            workers,
            resync,
            rate,
            Duration.ofSeconds(seconds),
            peer.toAbsolutePath(),
            OperatorCommand.jvm(maxRam, jvmFlags),
            operatorJar(),
            templates.toAbsolutePath(),
            crds.toAbsolutePath(),
            KubeBinaries.forBuildVersion(),
            logs);
    ContestReport report =
        new ContestBenchmark(options, spec.commandLine().getErr()::println).run();
    spec.commandLine().getOut().print(ContestFormat.table(report));
    writePlot(ConvergencePlot.of(report), "converged");
    return writeJson(ContestFormat.json(report));
  }

  /** Writes {@code chart} as SVG beside the JSON: {@code bench-scale-<name>.svg}. */
  private void writePlot(LineChart chart, String name) {
    String stem = json.getFileName().toString().replaceFirst("\\.json$", "");
    Path file = json.resolveSibling(stem + "-" + name + ".svg");
    SvgChart.write(chart, file);
    spec.commandLine().getOut().println("Plot written to " + file);
  }

  private int writeJson(Object tree) throws IOException {
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(json.toFile(), tree);
    spec.commandLine().getOut().println("Figures written to " + json);
    return 0;
  }

  private boolean binariesPresent() {
    KubeBinaries binaries = KubeBinaries.forBuildVersion();
    for (Path binary : new Path[] {binaries.etcd(), binaries.kubeApiServer()}) {
      if (!Files.isExecutable(binary)) {
        spec.commandLine().getErr().println(binary + " is missing; run hack/kube-binaries.sh.");
        return false;
      }
    }
    return true;
  }

  private boolean operatorJarPresent() {
    if (Files.isRegularFile(operatorJar())) {
      return true;
    }
    spec.commandLine()
        .getErr()
        .println(
            operatorJar()
                + " is missing; build it with ./mvnw -DskipTests package, or name one with --jar.");
    return false;
  }

  /** {@code --jar}, else {@link #builtOperatorJar}. */
  private Path operatorJar() {
    return jar == null ? builtOperatorJar() : jar.toAbsolutePath();
  }

  /**
   * The operator's jar of the build this benchmark comes from: whether this class is in {@code
   * bench/target/webserver-operator-bench.jar} or in {@code bench/target/classes} (an IDE), that is
   * {@code target/webserver-operator.jar} two folders up, whatever the working folder.
   */
  private static Path builtOperatorJar() {
    try {
      Path location =
          Path.of(
              BenchScaleCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return location.resolveSibling("../../target/webserver-operator.jar").normalize();
    } catch (URISyntaxException e) {
      return Path.of("target", "webserver-operator.jar").toAbsolutePath();
    }
  }
}
