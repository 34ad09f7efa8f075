/**
 * Template revisions and the rollouts between them: which templates each resource renders from.
 *
 * <ol>
 *   <li>Each template set a kind loads is a {@link io.webserveroperator.template.TemplateRevision}
 *       (a hash of its files). The replica that writes stores it with {@link
 *       io.webserveroperator.rollout.RevisionStore}, one ConfigMap per revision in the operator's
 *       namespace, numbered as a Deployment numbers its ReplicaSets, with the {@link
 *       io.webserveroperator.rollout.RolloutState} of the move to it.
 *   <li>{@link io.webserveroperator.rollout.Rollouts} looks at every kind once a second: a new
 *       revision begins a rollout, and {@link io.webserveroperator.rollout.RolloutPlanner} moves it
 *       on from the statuses in the kind's cache ({@link
 *       io.webserveroperator.rollout.RolloutMember}, ordered by {@link
 *       io.webserveroperator.rollout.RolloutOrder}), step by step as the kind's rollout policy
 *       allows, pausing when a step misses its deadline. Kinds come and go with watches.yaml; a
 *       kind kept with a new entry follows its new policy from the step it is at.
 *   <li>Every reconcile asks {@link io.webserveroperator.rollout.RevisionChoice} which revision its
 *       resource renders from: a pin, the target once a step lets it through, else the revision it
 *       is on.
 * </ol>
 *
 * Sharded automatically, the leader plans over every resource (its shard assigner caches them all),
 * and every other replica follows the stored revisions and states through {@link
 * io.webserveroperator.rollout.RevisionFollower}, so a resource renders the same revision whichever
 * replica reconciles it.
 *
 * <p>The planner and the choice are pure; only the store, the follower and {@code Rollouts} talk to
 * the cluster.
 */
package io.webserveroperator.rollout;
