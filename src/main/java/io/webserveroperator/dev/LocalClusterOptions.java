package io.webserveroperator.dev;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * How to start a {@link LocalCluster}.
 *
 * @param binaries where the Kubernetes binaries are
 * @param nodes how many fake nodes kwok runs, at least 1
 * @param componentTimeout how long each component may take to become ready
 * @param progress receives one line per finished start-up step
 * @param apiServerOnly start etcd and kube-apiserver alone: no controllers, scheduler or nodes, so
 *     nothing but the client under test writes (benchmarks)
 */
@RecordBuilder
public record LocalClusterOptions(
    KubeBinaries binaries,
    int nodes,
    Duration componentTimeout,
    Consumer<String> progress,
    boolean apiServerOnly) {

  public LocalClusterOptions {
    if (binaries == null) {
      throw new IllegalArgumentException("The binaries must not be null.");
    }
    if (nodes < 1) {
      throw new IllegalArgumentException(
          "A local cluster needs at least 1 node, not " + nodes + ".");
    }
    if (componentTimeout == null || componentTimeout.isNegative() || componentTimeout.isZero()) {
      throw new IllegalArgumentException("The component time-out must be positive.");
    }
    if (progress == null) {
      throw new IllegalArgumentException("The progress consumer must not be null.");
    }
  }

  /** One node, 90 s per component, progress on standard error, the build's Kubernetes version. */
  public static LocalClusterOptions defaults() {
    return new LocalClusterOptions(
        KubeBinaries.forBuildVersion(), 1, Duration.ofSeconds(90), System.err::println, false);
  }

  /** A builder holding these options, to change some of them. */
  public LocalClusterOptionsBuilder toBuilder() {
    return LocalClusterOptionsBuilder.builder(this);
  }
}
