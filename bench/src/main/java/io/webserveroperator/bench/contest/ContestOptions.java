package io.webserveroperator.bench.contest;

import io.webserveroperator.dev.KubeBinaries;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How {@code bench scale --peer} runs.
 *
 * @param count WebServers created at once, 1 to 10,000
 * @param warmUps for each, a round in which every contender first settles that many WebServers,
 *     unmeasured (1: a cold start; 100: compiled code); at least 1, since the first converged
 *     WebServer is how the benchmark knows that a contender runs
 * @param concurrency threads creating them, and the minimal client's writing threads
 * @param workers reconciles at once: webserver-operator's {@code --workers}, the Go operator's
 *     {@code --max-concurrent-reconciles}
 * @param resync webserver-operator's resync period (the Go operator's is controller-runtime's)
 * @param rate spec changes per second in the replicas-change phase
 * @param changeWindow how long the changes stream
 * @param peer the tutorial's Go operator (hack/peer-go.sh builds it)
 * @param jvm webserver-operator's JVM flags (the image's)
 * @param jar webserver-operator's jar
 * @param templates the templates folder (with watches.yaml)
 * @param crds the CRD folder
 * @param binaries where etcd and kube-apiserver are
 * @param logs the folder the contenders log to
 */
public record ContestOptions(
    int count,
    List<Integer> warmUps,
    int concurrency,
    int workers,
    Duration resync,
    int rate,
    Duration changeWindow,
    Path peer,
    List<String> jvm,
    Path jar,
    Path templates,
    Path crds,
    KubeBinaries binaries,
    Path logs) {

  public ContestOptions {
    if (count < 1 || count > 10_000) {
      throw new IllegalArgumentException("--count must be between 1 and 10000, not " + count + ".");
    }
    warmUps = List.copyOf(warmUps);
    if (warmUps.isEmpty() || warmUps.stream().anyMatch(w -> w < 1)) {
      throw new IllegalArgumentException(
          "--peer needs every --warm-up to be at least 1 (1 for a cold start), not "
              + warmUps
              + ": the first converged WebServer is how the benchmark knows a contender runs.");
    }
    if (concurrency < 1 || workers < 1 || rate < 1) {
      throw new IllegalArgumentException("--concurrency, --workers and --rate must be at least 1.");
    }
    jvm = List.copyOf(jvm);
    for (Object value :
        new Object[] {resync, changeWindow, peer, jar, templates, crds, binaries, logs}) {
      Objects.requireNonNull(value, "every option needs a value");
    }
  }
}
