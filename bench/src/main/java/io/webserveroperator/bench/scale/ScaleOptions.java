package io.webserveroperator.bench.scale;

import io.webserveroperator.bench.edit.TemplateEditOptions;
import io.webserveroperator.dev.KubeBinaries;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How {@code bench scale} runs.
 *
 * @param count WebServers created at once, 1 to 10,000
 * @param warmUp WebServers each contender settles first, not measured, so that both are measured
 *     with their code compiled, as a long-running operator is
 * @param concurrency threads that create them (and that the minimal client writes with)
 * @param rate spec changes per second in the latency phase
 * @param changeWindow how long the changes stream
 * @param quiet the quiet period in which steady-state requests are counted
 * @param resync the operator's resync period; the quiet period should span several
 * @param workers the operator's reconcile workers ({@code run --workers}), per replica
 * @param replicas operator JVMs; more than one run with {@code --shards auto} and share the
 *     WebServers
 * @param extraJvmFlags flags added after the image's, such as {@code
 *     -XX:NativeMemoryTracking=summary}
 * @param maxRam the memory the operator's JVM sizes itself for, as under a container limit
 * @param jar the operator's jar, run as its own process
 * @param templates the templates folder (with watches.yaml)
 * @param crds the CRD folder
 * @param binaries where etcd and kube-apiserver are
 * @param operatorLog where the operator process logs; with several replicas, each logs beside it
 *     with its number ({@link #operatorLog(int)})
 * @param templateEdit whether and how the template-edit phase runs
 * @param lookups whether every WebServer's templates look up one shared ConfigMap, and the lookup
 *     phase runs ({@code bench.lookup})
 * @param ordered whether the templates go in two waves with a pre-install hook ({@link
 *     io.webserveroperator.bench.edit.OrderedTemplates})
 */
public record ScaleOptions(
    int count,
    int warmUp,
    int concurrency,
    int rate,
    Duration changeWindow,
    Duration quiet,
    Duration resync,
    int workers,
    int replicas,
    List<String> extraJvmFlags,
    String maxRam,
    Path jar,
    Path templates,
    Path crds,
    KubeBinaries binaries,
    Path operatorLog,
    TemplateEditOptions templateEdit,
    boolean lookups,
    boolean ordered) {

  /** The most WebServers one run creates. */
  public static final int MAX_COUNT = 10_000;

  /** The most operator replicas one run starts. */
  public static final int MAX_REPLICAS = 10;

  public ScaleOptions {
    if (count < 1 || count > MAX_COUNT) {
      throw new IllegalArgumentException(
          "--count must be between 1 and " + MAX_COUNT + ", not " + count + ".");
    }
    if (warmUp < 0) {
      throw new IllegalArgumentException("--warm-up must be at least 0, not " + warmUp);
    }
    if (concurrency < 1) {
      throw new IllegalArgumentException("--concurrency must be at least 1, not " + concurrency);
    }
    if (rate < 1) {
      throw new IllegalArgumentException("--rate must be at least 1 per second, not " + rate);
    }
    if (workers < 1) {
      throw new IllegalArgumentException("--workers must be at least 1, not " + workers);
    }
    if (replicas < 1 || replicas > MAX_REPLICAS) {
      throw new IllegalArgumentException(
          "--replicas must be between 1 and " + MAX_REPLICAS + ", not " + replicas + ".");
    }
    for (Duration duration : new Duration[] {changeWindow, quiet, resync}) {
      if (duration == null || duration.isNegative() || duration.isZero()) {
        throw new IllegalArgumentException("Durations must be positive.");
      }
    }
    extraJvmFlags = List.copyOf(extraJvmFlags);
    Objects.requireNonNull(maxRam, "maxRam");
    Objects.requireNonNull(jar, "jar");
    Objects.requireNonNull(templates, "templates");
    Objects.requireNonNull(crds, "crds");
    Objects.requireNonNull(binaries, "binaries");
    Objects.requireNonNull(operatorLog, "operatorLog");
    Objects.requireNonNull(templateEdit, "templateEdit");
    if (templateEdit.enabled() && replicas > 1) {
      throw new IllegalArgumentException(
          "--template-edit runs with one replica: a sharded operator keeps no template revisions"
              + " and refuses a rollout policy.");
    }
  }

  /** Where replica {@code index} (from 1) logs. */
  public Path operatorLog(int index) {
    if (replicas == 1) {
      return operatorLog;
    }
    String name = operatorLog.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String numbered =
        dot < 0 ? name + "-" + index : name.substring(0, dot) + "-" + index + name.substring(dot);
    return operatorLog.resolveSibling(numbered);
  }
}
