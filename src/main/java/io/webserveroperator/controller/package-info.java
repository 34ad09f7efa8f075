/**
 * The running operator: the loop that drives every watched resource to its rendered state.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.controller.OperatorParts} builds what runs from the {@link
 *       io.webserveroperator.controller.OperatorOptions} (start from {@code defaults}, change
 *       through {@code toBuilder}): the templates, the caches of the watched resources and of their
 *       children, a reconciler per kind, rollouts, events, metrics and the health server, and the
 *       {@link io.webserveroperator.controller.KindGate}, which keeps a kind whose CRD cannot hold
 *       the status the operator writes from being reconciled (checked at start and on a template
 *       reload). The kinds follow watches.yaml while the operator runs: one added starts once
 *       served and listable, one removed stops with its resources left as they are, one changed
 *       gets a reconciler with its new entry. {@link io.webserveroperator.controller.Operator} runs
 *       their lifecycle: it waits for the caches, starts the workers (after taking the Lease, when
 *       leader election is on), and stops everything in order. The Lease is the operator's, named
 *       by {@code --name}; the {@link io.webserveroperator.controller.PublishingLeaseLock} writes
 *       the holder's kinds on it, so that a standby says whom it waits for. Sharded, the caches
 *       hold one shard's resources and children; automatically sharded, {@link
 *       io.webserveroperator.controller.AutoSharding} keeps this member's Lease, hands resources
 *       over before a reconcile when the leader asks, and assigns the shards while this replica
 *       leads (package {@code shard}).
 *   <li>Cache events put resource identities into the {@link
 *       io.webserveroperator.controller.WorkQueue} of the {@link
 *       io.webserveroperator.controller.ReconcileWorkers}: a key waits once however often it is
 *       added, is never worked on by two workers at once, and comes back after a {@link
 *       io.webserveroperator.controller.RateLimiter} backoff when it fails. Changes of children
 *       re-queue their owner, so drift is corrected at once; changes of what a render looked up
 *       re-queue exactly the resources that read it ({@code kube.LookupCaches}).
 *   <li>{@link io.webserveroperator.controller.Reconciler} runs the six steps of the concept
 *       diagram (docs/how-it-works.md): the resource from the cache ({@link
 *       io.webserveroperator.controller.ObservedResource}), render (its children and lookups read
 *       from the caches and recorded by {@link io.webserveroperator.controller.ReconcileReads},
 *       rendered again once a lookup's cache has listed, {@link
 *       io.webserveroperator.controller.LookupRounds}), plan against the cached children, carry the
 *       plan out with its hooks (package {@code controller.release}: hooks of the moment, then wave
 *       by wave, prunes in reverse waves once every rendered child is ready; what waits is told
 *       once by {@link io.webserveroperator.controller.ReconcileEvents} and {@link
 *       io.webserveroperator.controller.PruneDeferrals}), status ({@link
 *       io.webserveroperator.controller.StatusReporter}, which also reports a failed step), and a
 *       {@link io.webserveroperator.controller.ReconcileResult} that tells the queue what comes
 *       next. A failed step ({@link io.webserveroperator.controller.StepFailed}) carries a {@link
 *       io.webserveroperator.controller.ReconcileFailure}: a Warning event, the Ready condition's
 *       reason, and whether to retry or wait for a change. {@link
 *       io.webserveroperator.controller.Cleanup} handles deletion through a finalizer when the
 *       garbage collector cannot (waves other than 0, delete hooks); a {@link
 *       io.webserveroperator.controller.ClaimNotice} names the claims a StatefulSet made when it is
 *       pruned or its resource deleted. Step 1 reads the resource's {@link
 *       io.webserveroperator.controller.ResourceAnnotations}: a suspended resource stops there
 *       (after its {@code Suspended} condition, once), and a new reconcile request runs every step
 *       even when the inputs are settled.
 *   <li>{@link io.webserveroperator.controller.OperatorMetrics} and {@link
 *       io.webserveroperator.controller.HealthServer} expose what happened on {@code /metrics},
 *       {@code /healthz} and {@code /readyz}.
 * </ol>
 */
package io.webserveroperator.controller;
