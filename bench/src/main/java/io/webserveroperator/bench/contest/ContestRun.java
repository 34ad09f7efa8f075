package io.webserveroperator.bench.contest;

import io.webserveroperator.bench.ChangeFigures;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One contender's figures in one round, each on a fresh cluster.
 *
 * @param contender its name
 * @param warmUp WebServers it settled before, unmeasured
 * @param storm the measured WebServers created at once
 * @param rssBytes its resident memory once they converged, -1 for the minimal client
 * @param peakRssBytes its peak resident memory then, -1 for the minimal client
 * @param changeOnAll then {@code spec.replicas} changed on every one of them at once
 * @param changes the stream of replicas changes, for a contender that follows them
 */
public record ContestRun(
    String contender,
    int warmUp,
    Phase storm,
    long rssBytes,
    long peakRssBytes,
    Phase changeOnAll,
    Optional<ChangeFigures> changes) {

  /**
   * What one phase cost, measured alike for every contender and phase.
   *
   * @param converged from the phase's first write until the observer saw the last WebServer
   *     converged
   * @param convergedEach from the phase's first write until the observer saw each WebServer
   *     converged, in order: the curve of {@link ConvergencePlot}
   * @param operatorCpu the contender's process's CPU (user and system) from the first write until
   *     its writes stopped; empty for the minimal client, whose CPU is the benchmark's
   * @param apiServerCpu kube-apiserver's CPU in the same span
   * @param etcdCpu etcd's
   * @param benchmarkCpu the benchmark JVM's: the user's writes, observer, and the minimal client's
   *     writes
   * @param requests the contender's requests in the same span, from the audit log
   */
  public record Phase(
      Duration converged,
      List<Duration> convergedEach,
      Optional<Duration> operatorCpu,
      Duration apiServerCpu,
      Duration etcdCpu,
      Duration benchmarkCpu,
      AuditCounts requests) {

    public Phase {
      convergedEach = List.copyOf(convergedEach);
    }
  }
}
