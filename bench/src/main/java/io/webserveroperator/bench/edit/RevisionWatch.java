package io.webserveroperator.bench.edit;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.webserveroperator.bench.BenchException;
import io.webserveroperator.bench.SettledWatch;
import io.webserveroperator.bench.WebServerResources;
import io.webserveroperator.testing.OperatorProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The benchmark's view of the WebServers of a namespace while they move to a template revision: an
 * informer that tells when every one has its children applied from that revision ({@link
 * WebServerResources#onRevision}) and when every one is also Ready. As {@link SettledWatch}, it
 * stops the clock on the status as the API server serves it; it sends no request per object.
 */
public final class RevisionWatch implements AutoCloseable {

  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

  private final int total;
  private final Set<String> onRevision = ConcurrentHashMap.newKeySet();
  private final Set<String> ready = ConcurrentHashMap.newKeySet();
  private final List<Count> counts = Collections.synchronizedList(new ArrayList<>());
  private final SharedIndexInformer<GenericKubernetesResource> informer;

  /**
   * Starts watching for revision {@code hash}; returns once the informer has listed the namespace.
   *
   * @throws BenchException when the namespace does not hold {@code total} WebServers
   */
  RevisionWatch(KubernetesClient client, String namespace, String hash, int total) {
    this.total = total;
    this.informer =
        WebServerResources.operation(client)
            .inNamespace(namespace)
            .inform(new Handler(hash, onRevision, ready, counts), 0);
    int listed = informer.getStore().list().size();
    if (listed != total) {
      informer.close();
      throw new BenchException(
          namespace + " holds " + listed + " WebServers where " + total + " were expected.");
    }
  }

  /**
   * Waits until every WebServer is on the revision; returns the time since {@code startNanos}.
   *
   * @param detail added to each progress line
   * @param failure a reason to give up at once, once there is one
   */
  Duration awaitOnRevision(
      long startNanos,
      Duration timeout,
      Consumer<String> progress,
      Supplier<String> detail,
      Supplier<Optional<String>> failure) {
    return await(
        onRevision::size, "on the new revision", startNanos, timeout, progress, detail, failure);
  }

  /** As {@link #awaitOnRevision}, until every one is on the revision and Ready. */
  Duration awaitReady(
      long startNanos,
      Duration timeout,
      Consumer<String> progress,
      Supplier<String> detail,
      Supplier<Optional<String>> failure) {
    return await(ready::size, "Ready on it", startNanos, timeout, progress, detail, failure);
  }

  private Duration await(
      IntSupplier done,
      String what,
      long startNanos,
      Duration timeout,
      Consumer<String> progress,
      Supplier<String> detail,
      Supplier<Optional<String>> failure) {
    long deadline = startNanos + timeout.toNanos();
    long nextReport = System.nanoTime() + PROGRESS_EVERY.toNanos();
    while (done.getAsInt() < total) {
      Optional<String> reason = failure.get();
      if (reason.isPresent()) {
        throw new BenchException(reason.get());
      }
      if (System.nanoTime() > deadline) {
        throw new BenchException(
            String.format(
                Locale.ROOT,
                "Only %d of %d WebServers were %s after %d s (%s).",
                done.getAsInt(),
                total,
                what,
                timeout.toSeconds(),
                detail.get()));
      }
      if (System.nanoTime() > nextReport) {
        progress.accept(
            String.format(
                Locale.ROOT,
                "  %d/%d on the revision, %d Ready on it; %s",
                onRevision.size(),
                total,
                ready.size(),
                detail.get()));
        nextReport += PROGRESS_EVERY.toNanos();
      }
      OperatorProcess.sleep(Duration.ofMillis(20));
    }
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }

  /**
   * How many WebServers were on the revision and Ready on it from {@code startNanos} (a {@link
   * System#nanoTime()}) on: the count then, at 0, and every change after it, in order.
   */
  List<RevisionTally> tallies(long startNanos) {
    List<RevisionTally> tallies = new ArrayList<>();
    RevisionTally atStart = new RevisionTally(Duration.ZERO, 0, 0);
    synchronized (counts) {
      for (Count count : counts) {
        if (count.nanos() <= startNanos) {
          atStart = new RevisionTally(Duration.ZERO, count.onRevision(), count.ready());
        } else {
          tallies.add(
              new RevisionTally(
                  Duration.ofNanos(count.nanos() - startNanos), count.onRevision(), count.ready()));
        }
      }
    }
    tallies.add(0, atStart);
    return tallies;
  }

  @Override
  public void close() {
    informer.close();
  }

  /** The two counts as they changed. */
  private record Count(long nanos, int onRevision, int ready) {}

  /** Marks each WebServer as its events come, one at a time, and notes when a count changed. */
  private record Handler(String hash, Set<String> onRevision, Set<String> ready, List<Count> counts)
      implements ResourceEventHandler<GenericKubernetesResource> {
    @Override
    public void onAdd(GenericKubernetesResource resource) {
      String name = resource.getMetadata().getName();
      boolean on = WebServerResources.onRevision(resource, hash);
      mark(onRevision, name, on);
      mark(ready, name, on && WebServerResources.ready(resource));
      counted();
    }

    @Override
    public void onUpdate(GenericKubernetesResource old, GenericKubernetesResource resource) {
      onAdd(resource);
    }

    @Override
    public void onDelete(GenericKubernetesResource resource, boolean unknownFinalState) {
      onRevision.remove(resource.getMetadata().getName());
      ready.remove(resource.getMetadata().getName());
      counted();
    }

    private void counted() {
      synchronized (counts) {
        Count last = counts.isEmpty() ? null : counts.get(counts.size() - 1);
        if (last == null
            || last.onRevision() != onRevision.size()
            || last.ready() != ready.size()) {
          counts.add(new Count(System.nanoTime(), onRevision.size(), ready.size()));
        }
      }
    }

    private static void mark(Set<String> set, String name, boolean in) {
      if (in) {
        set.add(name);
      } else {
        set.remove(name);
      }
    }
  }
}
