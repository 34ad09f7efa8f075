package io.webserveroperator.bench;

import java.time.Duration;
import java.util.List;

/**
 * The figures of one {@code bench scale} run.
 *
 * @param count WebServers created at once
 * @param concurrency threads creating them
 * @param workers the operator's reconcile workers
 * @param operatorJvm the operator's JVM flags
 * @param operator the operator settling them: time and its API requests
 * @param minimal the minimal client writing the same: time and its API requests
 * @param operatorReconciles the reconciles the operator ran while settling them; more than one per
 *     WebServer are the ones the watch events of its own writes bring back, which write nothing
 * @param quiet the quiet period
 * @param resync the operator's resync period
 * @param steady the operator's API requests during the quiet period
 * @param rate changes per second in the latency phase
 * @param changes what the change stream measured
 * @param changeRequests the operator's API requests during the change stream
 * @param memory the operator's memory after the quiet period, with every WebServer settled
 */
public record ScaleReport(
    int count,
    int concurrency,
    int workers,
    List<String> operatorJvm,
    Phase operator,
    Phase minimal,
    long operatorReconciles,
    Duration quiet,
    Duration resync,
    RequestCounts steady,
    int rate,
    ChangeFigures changes,
    RequestCounts changeRequests,
    MemoryFigures memory) {

  /**
   * One way of writing N WebServers.
   *
   * @param elapsed from the first create until the last WebServer was settled
   * @param requests the API requests of the writer (the WebServer creates not included)
   */
  public record Phase(Duration elapsed, RequestCounts requests) {}

  /**
   * The operator's time to settle N WebServers over the minimal client's time to write them, at the
   * same concurrency: the convergence figure.
   */
  public double timeRatio() {
    return ratio(operator.elapsed().toNanos(), minimal.elapsed().toNanos());
  }

  /** Operator writes over minimal writes, Events included: the headline figure. */
  public double writeRatio() {
    return ratio(operator.requests().writes(), minimal.requests().writes());
  }

  /**
   * The same without Events. The operator applies its children with PATCH and creates nothing but
   * Events, so its creates are its Events.
   */
  public double writeRatioWithoutEvents() {
    return ratio(operator.requests().writes() - eventWrites(), minimal.requests().writes());
  }

  /** The Events the operator created. */
  public long eventWrites() {
    return operator.requests().count("create");
  }

  private static double ratio(long numerator, long denominator) {
    return denominator == 0 ? Double.NaN : (double) numerator / denominator;
  }
}
