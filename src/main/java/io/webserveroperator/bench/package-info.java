/**
 * Benchmarks that print numbers; timing and memory goals live here, never in timed tests. This
 * package holds the parts every benchmark shares: the operator as its own process ({@link
 * io.webserveroperator.bench.OperatorProcess}, {@link
 * io.webserveroperator.bench.OperatorReplicas}), the WebServers a benchmark creates and how they
 * are created ({@link io.webserveroperator.bench.WebServerResources}, {@link
 * io.webserveroperator.bench.CreateStorm}, {@link io.webserveroperator.bench.DirectApiClient}), the
 * minimal client ({@link io.webserveroperator.bench.MinimalWriter}), the observers and the figures
 * (CPU, requests, memory, latency) and how they print.
 *
 * <p>Sub-packages depend on this one and never the other way: {@code bench.edit} (the template-edit
 * and rollout phase), {@code bench.scale} ({@code bench scale}, which uses {@code bench.edit}),
 * {@code bench.contest} ({@code bench scale --peer}: contenders side by side, each on its own API
 * server).
 */
package io.webserveroperator.bench;
