package io.webserveroperator.shard;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A member's side of the handover, asked by the work queue's worker before each reconcile: is the
 * resource still this member's, and has the leader asked for it back? The work queue never hands a
 * key to two workers, so when the worker releases a resource no reconcile of it is in flight; after
 * the release, the resource leaves this member's cache and no reconcile of it starts again.
 *
 * <p>Thread-safe.
 */
public final class ShardGate {

  private static final Logger LOG = LoggerFactory.getLogger(ShardGate.class);

  private final ShardPatcher patcher;
  private final String member;
  private final AtomicLong released = new AtomicLong();

  public ShardGate(KubernetesClient client, String member) {
    this.patcher = new ShardPatcher(client);
    this.member = member;
  }

  /**
   * Whether this member may reconcile the resource now. A resource the leader asked for is released
   * instead (its label removed), and not reconciled; one labelled for another member is left alone.
   */
  public boolean admit(ResourceDefinitionContext kind, GenericKubernetesResource resource) {
    if (!ShardLabels.owner(resource).filter(member::equals).isPresent()) {
      return false;
    }
    if (!ShardLabels.drainRequested(resource)) {
      return true;
    }
    if (patcher.patch(kind, resource, ShardLabels.release(member))) {
      released.incrementAndGet();
      LOG.info("Released it for another shard, as the leader asked");
    }
    return false;
  }

  /** How many resources this member has released, for the handover metric. */
  public long released() {
    return released.get();
  }
}
