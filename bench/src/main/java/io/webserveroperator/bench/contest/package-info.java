/**
 * {@code bench scale --peer}: the tutorial's Go operator, the minimal client (the floor) and
 * webserver-operator as contenders, measured alike and printed side by side ({@link
 * io.webserveroperator.bench.contest.ContestBenchmark}).
 *
 * <p>For each round ({@code --warm-up 1,100}: cold, then warm) and each contender: a fresh etcd and
 * kube-apiserver with the CRDs and a ServiceAccount the contender runs as ({@link
 * io.webserveroperator.bench.contest.ContestCluster}); the warm-up's WebServers created and
 * converged, unmeasured; then N created at once by the same creator, timed until the same observer
 * sees every one converged ({@link io.webserveroperator.bench.contest.ConvergedWatch}); the CPU of
 * every process and the contender's requests from the audit log ({@link
 * io.webserveroperator.bench.contest.AuditLog}) until its writes stop; its resident memory; then
 * {@code spec.replicas} changed on all N at once, measured as the storm is; the same stream of
 * replicas changes. {@link io.webserveroperator.bench.contest.ConvergencePlot} draws the storm:
 * WebServers converged over time, per contender. Depends on {@code bench} and {@code bench.plot}
 * only.
 */
package io.webserveroperator.bench.contest;
