/**
 * The running operator: the loop that drives every watched resource to its rendered state.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.controller.Operator} loads the templates, starts an informer
 *       per watched kind, and (after taking the Lease, when leader election is on) a pool of
 *       workers.
 *   <li>Informer events put resource keys into the {@link
 *       io.webserveroperator.controller.WorkQueue}: a key waits once however often it is added, is
 *       never worked on by two workers at once, and comes back after a {@link
 *       io.webserveroperator.controller.RateLimiter} backoff when it fails. Changes of children
 *       re-queue their owner, so drift is corrected at once.
 *   <li>{@link io.webserveroperator.controller.Reconciler} reads the resource from the cache,
 *       renders it, plans against the cached children, applies, prunes, and writes status; {@link
 *       io.webserveroperator.controller.Cleanup} handles deletion through a finalizer when the
 *       garbage collector cannot.
 *   <li>{@link io.webserveroperator.controller.OperatorMetrics} and {@link
 *       io.webserveroperator.controller.HealthServer} expose what happened on {@code /metrics},
 *       {@code /healthz} and {@code /readyz}.
 * </ol>
 */
package io.webserveroperator.controller;
