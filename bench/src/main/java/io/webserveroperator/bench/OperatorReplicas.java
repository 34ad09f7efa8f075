package io.webserveroperator.bench;

import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.RequestCounts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The operator's replicas, each its own JVM ({@link OperatorProcess}), counted as one operator: the
 * requests and reconciles of all of them summed, the memory of each. Requests on Leases (leader
 * election, shard membership) are counted apart from the work on WebServers, since every replica
 * renews its Lease every few seconds whatever the WebServers do.
 */
public final class OperatorReplicas implements AutoCloseable {

  private static final Duration POLL = Duration.ofMillis(200);

  private final List<OperatorProcess> processes;

  private OperatorReplicas(List<OperatorProcess> processes) {
    this.processes = List.copyOf(processes);
  }

  /**
   * Starts one JVM per command line, each with its own health port (appended as {@code
   * --health-port}) and log; returns at once.
   */
  public static OperatorReplicas start(List<List<String>> javaArguments, List<Path> logs) {
    List<OperatorProcess> started = new ArrayList<>();
    try {
      for (int i = 0; i < javaArguments.size(); i++) {
        int port = OperatorProcess.freePort();
        List<String> arguments = new ArrayList<>(javaArguments.get(i));
        arguments.addAll(List.of("--health-port", Integer.toString(port)));
        started.add(OperatorProcess.start(arguments, Map.of(), port, logs.get(i)));
      }
    } catch (RuntimeException e) {
      started.forEach(OperatorProcess::close);
      throw e;
    }
    return new OperatorReplicas(started);
  }

  /**
   * Blocks until every replica is ready and, with more than one, until the leader sees all of them
   * in the shard ring, so that no WebServer is assigned before every replica can take its share.
   */
  public void awaitReady(Duration timeout) {
    processes.forEach(process -> process.awaitReady(timeout));
    if (processes.size() == 1) {
      return;
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    while (processes.stream().mapToLong(OperatorProcess::ringSize).max().orElse(0)
        < processes.size()) {
      if (System.nanoTime() > deadline) {
        throw new BenchException(
            "No replica saw all "
                + processes.size()
                + " in the shard ring within "
                + timeout.toSeconds()
                + " s; see their logs: "
                + processes);
      }
      OperatorProcess.sleep(POLL);
    }
  }

  /** Every replica's process. */
  public List<ProcessHandle> handles() {
    return processes.stream().map(OperatorProcess::handle).toList();
  }

  /** How many replicas run. */
  int size() {
    return processes.size();
  }

  /** The API requests of every replica so far, summed, without those on Leases. */
  public RequestCounts requests() {
    RequestCounts total = RequestCounts.none();
    for (OperatorProcess process : processes) {
      total = total.plus(process.requestsBesideLeases());
    }
    return total;
  }

  /** The API requests on Leases of every replica so far, summed. */
  public RequestCounts leaseRequests() {
    RequestCounts total = RequestCounts.none();
    for (OperatorProcess process : processes) {
      total = total.plus(process.leaseRequests());
    }
    return total;
  }

  /** The reconciles every replica has finished so far, summed. */
  public long reconciles() {
    return processes.stream().mapToLong(OperatorProcess::reconciles).sum();
  }

  /** The resources every replica has queued because of a looked-up object's change, summed. */
  public long lookupRequeues() {
    return processes.stream().mapToLong(OperatorProcess::lookupRequeues).sum();
  }

  /** Each replica's memory now, in start order, and whether it is the one assigning shards. */
  public List<ReplicaFigures> memory() {
    return processes.stream()
        .map(process -> new ReplicaFigures(process.ringSize() > 0, JvmMemory.of(process.handle())))
        .toList();
  }

  /** The first replica's native memory summary (see {@link JvmMemory#nativeMemorySummary}). */
  public String nativeMemorySummary() {
    return JvmMemory.nativeMemorySummary(processes.get(0).handle());
  }

  /** Stops every replica with SIGTERM, all at once, and waits until each has ended. */
  @Override
  public void close() {
    processes.parallelStream().forEach(OperatorProcess::close);
  }
}
