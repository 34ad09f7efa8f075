package io.webserveroperator.bench.scale;

import io.webserveroperator.bench.ChangeFigures;
import io.webserveroperator.bench.CpuTimes;
import io.webserveroperator.bench.ReplicaFigures;
import io.webserveroperator.bench.edit.TemplateEditFigures;
import io.webserveroperator.bench.lookup.LookupFigures;
import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The figures of one {@code bench scale} run.
 *
 * @param count WebServers created at once
 * @param warmUp WebServers each contender settled first, not measured
 * @param concurrency threads creating them
 * @param workers the operator's reconcile workers, per replica
 * @param replicas operator replicas; more than one share the WebServers ({@code --shards auto})
 * @param operatorJvm the operator's JVM flags
 * @param operator the operator settling them: time and its API requests (all replicas, not counting
 *     those on Leases)
 * @param minimal the minimal client writing the same: time and its API requests
 * @param minimalLastAnswer from the minimal client's first create until the answer to its last
 *     write, before the benchmark's informer saw it
 * @param operatorReconciles the reconciles the operator ran while settling them; more than one per
 *     WebServer are the ones the watch events of its own writes bring back, which write nothing
 * @param quiet the quiet period
 * @param resync the operator's resync period
 * @param steady the operator's API requests during the quiet period, not counting those on Leases
 * @param steadyLeases the operator's API requests on Leases during the quiet period: leader
 *     election and shard membership renewals
 * @param rate changes per second in the latency phase
 * @param changes what the change stream measured
 * @param changeRequests the operator's API requests during the change stream
 * @param changeCpu the CPU every process of the run spent during the change stream, by part
 * @param replicaFigures each replica's memory after the quiet period, with every WebServer settled
 * @param templateEdits the template-edit phase's edits, in order; empty when it did not run
 * @param lookups what the lookup phase measured; empty when it did not run
 */
public record ScaleReport(
    int count,
    int warmUp,
    int concurrency,
    int workers,
    int replicas,
    List<String> operatorJvm,
    Phase operator,
    Phase minimal,
    Duration minimalLastAnswer,
    long operatorReconciles,
    Duration quiet,
    Duration resync,
    RequestCounts steady,
    RequestCounts steadyLeases,
    int rate,
    ChangeFigures changes,
    RequestCounts changeRequests,
    CpuTimes changeCpu,
    List<ReplicaFigures> replicaFigures,
    List<TemplateEditFigures> templateEdits,
    Optional<LookupFigures> lookups) {

  public ScaleReport {
    replicaFigures = List.copyOf(replicaFigures);
    templateEdits = List.copyOf(templateEdits);
    Objects.requireNonNull(lookups, "lookups");
  }

  /**
   * One way of writing N WebServers.
   *
   * @param elapsed from the first create until the last WebServer was settled
   * @param requests the API requests of the writer (the WebServer creates not included)
   * @param cpu the CPU every process of the run spent in the phase, the benchmark's creates and
   *     informer (and the minimal client's writes) included
   */
  public record Phase(Duration elapsed, RequestCounts requests, CpuTimes cpu) {}

  /**
   * The operator's time to settle N WebServers over the minimal client's time to write them, at the
   * same concurrency: the convergence figure.
   */
  public double timeRatio() {
    return ratio(operator.elapsed().toNanos(), minimal.elapsed().toNanos());
  }

  /**
   * The operator's time over the minimal client's until its last answer: the observer's delay
   * counted against the operator alone.
   */
  public double timeRatioToLastAnswer() {
    return ratio(operator.elapsed().toNanos(), minimalLastAnswer.toNanos());
  }

  /**
   * The CPU of all processes in the operator's phase over that in the minimal client's: whether the
   * operator made the machine work more, whatever the time each phase took.
   */
  public double cpuRatio() {
    return ratio(operator.cpu().total().toNanos(), minimal.cpu().total().toNanos());
  }

  /** Operator writes over minimal writes, Events included: the headline figure. */
  public double writeRatio() {
    return ratio(operator.requests().writes(), minimal.requests().writes());
  }

  /**
   * The same without Events. The operator applies its children with PATCH and, Leases aside (not
   * counted here), creates nothing but Events, so its creates are its Events.
   */
  public double writeRatioWithoutEvents() {
    return ratio(operator.requests().writes() - eventWrites(), minimal.requests().writes());
  }

  /**
   * The operator's writes per WebServer in the create storm, all replicas together: applies, status
   * patches, Events and, sharded, the leader's shard labels.
   */
  public double writesPerWebServer() {
    return count == 0 ? 0.0 : (double) operator.requests().writes() / count;
  }

  /** The Events the operator created. */
  public long eventWrites() {
    return operator.requests().count("create");
  }

  private static double ratio(long numerator, long denominator) {
    return denominator == 0 ? Double.NaN : (double) numerator / denominator;
  }
}
