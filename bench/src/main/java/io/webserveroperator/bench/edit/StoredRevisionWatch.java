package io.webserveroperator.bench.edit;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.webserveroperator.bench.BenchException;
import io.webserveroperator.bench.WebServerResources;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.rollout.RevisionStore;
import io.webserveroperator.rollout.RolloutState;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The benchmark's view of the template revisions the operator stores as ConfigMaps ({@link
 * RevisionStore}): it counts their writes and hands the rollout state of the revision it waits for
 * to a {@link RolloutTimeline}. Every ConfigMap write it sees is one of the operator's requests, as
 * nothing else writes them; the operator's request counter, which counts by verb alone, cannot tell
 * them from its other creates and patches. A write that changes nothing makes no watch event and is
 * not counted (the operator writes a state only when it changed).
 */
public final class StoredRevisionWatch implements AutoCloseable {

  private final String hash;
  private final RolloutTimeline timeline;
  private final RevisionStore store;
  private final Map<String, String> versions = new ConcurrentHashMap<>();
  private final AtomicLong creates = new AtomicLong();
  private final AtomicLong changes = new AtomicLong();
  private final AtomicLong deletes = new AtomicLong();
  private volatile long startNanos = Long.MAX_VALUE;
  private volatile Duration stored;
  private final SharedIndexInformer<ConfigMap> informer;

  /**
   * Starts watching the stored revisions of WebServers in {@code namespace}, for the revision
   * {@code hash}; writes count from here on, the timeline from {@link #start}.
   */
  StoredRevisionWatch(
      KubernetesClient client, String namespace, String hash, RolloutTimeline timeline) {
    this.hash = hash;
    this.timeline = timeline;
    this.store = new RevisionStore(client, namespace, OperatorName.defaults());
    var revisions =
        client
            .configMaps()
            .inNamespace(namespace)
            .withLabel(RevisionStore.KIND_LABEL, WebServerResources.KIND.getKind());
    // The versions listed first are not writes, when the informer's own list reports them again.
    revisions
        .list()
        .getItems()
        .forEach(map -> versions.put(name(map), map.getMetadata().getResourceVersion()));
    this.informer = revisions.inform(new Handler(), 0);
  }

  /** The edit is made at {@code nanos} ({@link System#nanoTime()}): times count from there. */
  void start(long nanos) {
    startNanos = nanos;
  }

  /** ConfigMaps created since the watch began: the new revisions stored. */
  long creates() {
    return creates.get();
  }

  /** ConfigMaps changed since the watch began: rollout states recorded. */
  long changes() {
    return changes.get();
  }

  /** ConfigMaps deleted since the watch began: old revisions forgotten. */
  long deletes() {
    return deletes.get();
  }

  /** From the edit until the revision's ConfigMap was seen, once it was. */
  Optional<Duration> stored() {
    return Optional.ofNullable(stored);
  }

  @Override
  public void close() {
    informer.close();
  }

  private static String name(ConfigMap map) {
    return map.getMetadata().getName();
  }

  private void seen(ConfigMap map) {
    Duration at = Duration.ofNanos(Math.max(0, System.nanoTime() - startNanos));
    if (startNanos == Long.MAX_VALUE) {
      return;
    }
    Optional<RolloutState> read;
    try {
      read = store.state(map);
    } catch (IllegalArgumentException e) {
      throw new BenchException(
          "The stored revision " + name(map) + " holds a rollout state that cannot be read: " + e,
          e);
    }
    if (read.isEmpty()) {
      return;
    }
    RolloutState state = read.get();
    if (state.target().equals(hash)) {
      if (stored == null) {
        stored = at;
      }
      timeline.seen(at, state);
    }
  }

  private final class Handler implements ResourceEventHandler<ConfigMap> {
    @Override
    public void onAdd(ConfigMap map) {
      String before = versions.put(name(map), map.getMetadata().getResourceVersion());
      if (before == null) {
        creates.incrementAndGet();
      } else if (!before.equals(map.getMetadata().getResourceVersion())) {
        changes.incrementAndGet();
      }
      seen(map);
    }

    @Override
    public void onUpdate(ConfigMap old, ConfigMap map) {
      onAdd(map);
    }

    @Override
    public void onDelete(ConfigMap map, boolean unknownFinalState) {
      versions.remove(name(map));
      deletes.incrementAndGet();
    }
  }
}
