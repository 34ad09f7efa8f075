/**
 * Benchmarks that print numbers; timing and memory goals live here, never in timed tests. They are
 * a module of their own (bench/, its jar {@code bench/target/webserver-operator-bench.jar}) that
 * depends on the operator, so none of this is in the operator's jar or image. This package holds
 * the parts every benchmark shares: the operator's replicas as their own processes ({@link
 * io.webserveroperator.bench.OperatorReplicas}, each an {@link
 * io.webserveroperator.testing.OperatorProcess} of the operator's test helpers, which its
 * integration tests use too) and their memory ({@link io.webserveroperator.bench.JvmMemory}), the
 * WebServers a benchmark creates and how they are created ({@link
 * io.webserveroperator.bench.WebServerResources}, {@link io.webserveroperator.bench.CreateStorm},
 * {@link io.webserveroperator.bench.DirectApiClient}), the minimal client ({@link
 * io.webserveroperator.bench.MinimalWriter}), the observers and the figures (CPU, requests, memory,
 * latency) and how they print.
 *
 * <p>Sub-packages depend on this one and never the other way: {@code bench.edit} (the template-edit
 * and rollout phase), {@code bench.scale} ({@code bench scale}, which uses {@code bench.edit}),
 * {@code bench.contest} ({@code bench scale --peer}: contenders side by side, each on its own API
 * server), and {@code bench.cli}, the command line over them all. {@code bench.plot} draws the
 * charts the contest and the template-edit phase build from their figures, as SVG, and knows none
 * of them.
 */
package io.webserveroperator.bench;
