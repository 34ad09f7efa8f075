/**
 * Sharding: several operator replicas share the watched resources, each reconciling only its own.
 * Kubernetes does the coordination: Leases for membership, a label for assignment, label-selected
 * watches so that each replica caches only its share.
 *
 * <ol>
 *   <li>Every replica keeps a {@link io.webserveroperator.shard.ShardLease}, {@code
 *       webserver-operator-shard-MEMBER}, renewed like the leader Lease; {@link
 *       io.webserveroperator.shard.Members} are the Leases not expired, as every replica times them
 *       on its own clock ({@link io.webserveroperator.shard.LeaseAges}), never by the renew time
 *       another replica wrote.
 *   <li>The leader's {@link io.webserveroperator.shard.ShardAssigner} places each resource, by UID,
 *       on a {@link io.webserveroperator.shard.HashRing} over the live members and writes the
 *       member into the label {@code webserver-operator.io/shard} ({@link
 *       io.webserveroperator.shard.ShardLabels}). The engine copies that label onto every child.
 *       Kinds added to or removed from watches.yaml are assigned from then on, or no more.
 *   <li>A resource moves only by the handover of {@link io.webserveroperator.shard.Assignment}: a
 *       live owner is asked to drain, and its {@link io.webserveroperator.shard.ShardGate} releases
 *       the resource between two reconciles; the leader labels it for the new member only then, or
 *       once the owner's Lease has expired.
 * </ol>
 *
 * {@link io.webserveroperator.shard.ShardOptions} also covers static sharding, where the user
 * writes the labels and a replica takes those naming it.
 */
package io.webserveroperator.shard;
