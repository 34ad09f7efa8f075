package io.webserveroperator.bench.contest;

import java.util.List;

/**
 * The contest's figures: every contender in every round.
 *
 * @param count WebServers each contender converged in the measured storm
 * @param concurrency threads creating them
 * @param workers reconciles at once
 * @param rate replicas changes per second
 * @param runs in the order run: round by round, contender by contender
 */
public record ContestReport(
    int count, int concurrency, int workers, int rate, List<ContestRun> runs) {

  public ContestReport {
    runs = List.copyOf(runs);
  }
}
