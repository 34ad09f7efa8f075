package io.webserveroperator.bench.contest;

import java.util.Optional;

/**
 * One way of turning WebServers into their Deployment and Service, measured in the contest: an
 * operator as a process of its own, or the minimal client in the benchmark's JVM.
 */
interface Contender {

  /** Its name in the table. */
  String name();

  /** Starts it on a fresh cluster; returns once it runs (or is ready to write). */
  Running start(ContestCluster cluster);

  /** A started contender. */
  interface Running extends AutoCloseable {

    /**
     * Creates WebServers {@code first} to {@code first + count - 1} as the user would (and, for a
     * client that writes them itself, writes their children and status); returns once its own part
     * is done, not once they converged.
     */
    void create(int first, int count);

    /**
     * Sets {@code spec.replicas} of WebServers {@code first} to {@code first + count - 1} to {@code
     * replicas} at once, as the user would (and, for a client that writes them itself, writes their
     * changed children and status again); returns once its own part is done.
     */
    void changeReplicas(int first, int count, int replicas);

    /** Its process, for CPU and memory; empty when it runs in the benchmark's JVM. */
    Optional<ContenderProcess> process();

    /**
     * Whether it watches and so follows a spec change made behind its back (the stream of replicas
     * changes); the minimal client writes only when told to.
     */
    boolean follows();

    @Override
    void close();
  }
}
