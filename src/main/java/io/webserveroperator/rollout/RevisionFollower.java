package io.webserveroperator.rollout;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A sharded member's view of the revisions the leader stores: watches the revision ConfigMaps in
 * the operator's namespace and, whenever one of a kind is stored, changed or deleted, hands that
 * kind's stored revisions to {@link Rollouts#follow}, so that every member renders from the same
 * revisions and admits a resource to the target exactly when the leader's step does.
 *
 * <p>One watch, events only when the leader stores a revision or moves a step: nothing per
 * resource. {@link #start} blocks until the first list is in, so that no reconcile runs on a member
 * before it knows where the rollouts stand. Kinds come and go with watches.yaml: a kind's revisions
 * are handed on while watches.yaml lists it, and once more as it is added ({@link #kindAdded}).
 */
public final class RevisionFollower implements AutoCloseable {

  /** How long the first list may take before the member gives up starting. */
  private static final long SYNC_SECONDS = 60;

  private final RevisionStore store;
  private final Rollouts rollouts;
  private final Supplier<List<TemplatedKind>> watches;
  private final SharedIndexInformer<ConfigMap> informer;

  private RevisionFollower(
      KubernetesClient client,
      RevisionStore store,
      Rollouts rollouts,
      Supplier<List<TemplatedKind>> kinds) {
    this.store = store;
    this.rollouts = rollouts;
    this.watches = kinds;
    this.informer =
        client
            .configMaps()
            .inNamespace(store.namespace())
            .withLabel(RevisionStore.KIND_LABEL)
            .runnableInformer(0);
  }

  /**
   * Follows the stored revisions of the kinds watches.yaml lists; returns once the first list has
   * been handed on.
   *
   * @param kinds the kinds watches.yaml lists now
   * @throws IllegalStateException when the revisions cannot be listed within a minute
   */
  public static RevisionFollower start(
      KubernetesClient client,
      RevisionStore store,
      Rollouts rollouts,
      Supplier<List<TemplatedKind>> kinds) {
    RevisionFollower follower = new RevisionFollower(client, store, rollouts, kinds);
    CompletableFuture<Void> listed = follower.informer.start().toCompletableFuture();
    try {
      listed.get(SYNC_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      follower.close();
      throw new IllegalStateException(
          "Cannot list the stored template revisions in " + store.namespace() + ": " + e, e);
    }
    // Handed on once the whole list is in, then on each change.
    kinds.get().forEach(follower::handOn);
    follower.informer.addEventHandler(follower.new Changes());
    return follower;
  }

  /**
   * Hands on the stored revisions of a kind added to watches.yaml, once it is registered with the
   * rollouts: before, they ignore it.
   */
  public void kindAdded(TemplatedKind watch) {
    handOn(watch);
  }

  /** Hands the kind's stored revisions, as the watch has them now, to the rollouts. */
  private void handOn(TemplatedKind watch) {
    List<StoredRevision> stored = new ArrayList<>();
    for (ConfigMap map : informer.getStore().list()) {
      StoredKind kind = RevisionStore.kindOf(map);
      if (store.ours(map)
          && kind.kind().equals(watch.kind())
          && kind.group().equals(watch.group())) {
        store.readable(map).ifPresent(stored::add);
      }
    }
    stored.sort(Comparator.comparingInt(StoredRevision::number));
    rollouts.follow(watch, stored);
  }

  private void changed(ConfigMap map) {
    StoredKind kind = RevisionStore.kindOf(map);
    watches.get().stream()
        .filter(w -> w.kind().equals(kind.kind()) && w.group().equals(kind.group()))
        .forEach(this::handOn);
  }

  @Override
  public void close() {
    informer.stop();
  }

  /** Every add, update and delete hands its kind on again. */
  private final class Changes implements ResourceEventHandler<ConfigMap> {

    @Override
    public void onAdd(ConfigMap map) {
      changed(map);
    }

    @Override
    public void onUpdate(ConfigMap before, ConfigMap after) {
      changed(after);
    }

    @Override
    public void onDelete(ConfigMap map, boolean finalStateUnknown) {
      changed(map);
    }
  }
}
