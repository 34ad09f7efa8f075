package io.webserveroperator.bench.contest;

import io.webserveroperator.bench.ChangeFigures;
import java.time.Duration;
import java.util.Optional;

/**
 * One contender's figures in one round, each on a fresh cluster.
 *
 * @param contender its name
 * @param warmUp WebServers it settled before, unmeasured
 * @param converged from the first create until the observer saw the last WebServer converged
 * @param operatorCpu its process's CPU (user and system) from the first create until its writes
 *     stopped; empty for the minimal client, whose CPU is the benchmark's
 * @param apiServerCpu kube-apiserver's CPU in the same span
 * @param etcdCpu etcd's
 * @param benchmarkCpu the benchmark JVM's: creators, observer, and the minimal client's writes
 * @param requests its requests in the same span, from the audit log
 * @param changes the replicas changes, for a contender that follows them
 * @param rssBytes its resident memory once converged, -1 for the minimal client
 * @param peakRssBytes its peak resident memory then, -1 for the minimal client
 */
public record ContestRun(
    String contender,
    int warmUp,
    Duration converged,
    Optional<Duration> operatorCpu,
    Duration apiServerCpu,
    Duration etcdCpu,
    Duration benchmarkCpu,
    AuditCounts requests,
    Optional<ChangeFigures> changes,
    long rssBytes,
    long peakRssBytes) {}
