package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.Lookup;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The caches that templates' lookups read: one informer per {@link Lookup}, started the first time
 * a render makes it. A lookup by name watches that object alone (a field selector on its name), a
 * list the kind in its namespace, narrowed by the lookup's labels; so once listed, a render reads
 * them at no request, and a steady state sends none. Each change a cache sees re-renders exactly
 * the resources whose last render made that lookup ({@link LookupReaders}), never the whole kind;
 * an informer nobody reads any more is stopped. Nothing is ever written to what they hold.
 *
 * <p>Thread-safe. {@link #read} never blocks: a cache not listed yet reads as pending, and {@link
 * #await} waits for it. A cache that could not list (the operator may not, say) reads as failed for
 * {@link #RETRY_AFTER}, then starts again.
 */
public final class LookupCaches implements LookupSource, AutoCloseable {

  /** How long a failed start is remembered before a read tries again (RBAC may be granted). */
  static final Duration RETRY_AFTER = Duration.ofSeconds(5);

  private final KubernetesClient client;
  private final KindResolver kinds;
  private final Consumer<ObjectRef> onChange;
  private final LookupReaders readers = new LookupReaders();
  private final Map<Lookup, Source> sources = new ConcurrentHashMap<>();

  /**
   * @param onChange told of each resource that read a lookup whose cache saw a change
   */
  public LookupCaches(KubernetesClient client, KindResolver kinds, Consumer<ObjectRef> onChange) {
    this.client = client;
    this.kinds = kinds;
    this.onChange = onChange;
  }

  /** What the lookup finds now; starts its cache on first use, and never blocks. */
  @Override
  public Read read(Lookup lookup) {
    Lookup key;
    ResourceDefinitionContext kind;
    try {
      kind = kinds.resolve(lookup.apiVersion(), lookup.kind());
      key = kind.isNamespaceScoped() ? lookup : lookup.clusterScoped();
    } catch (OperatorException e) {
      return new Read.Failed(e.getMessage());
    } catch (KubernetesClientException e) {
      return new Read.Failed(
          "cannot ask the API server which resource serves "
              + lookup.kind()
              + ": "
              + e.getMessage());
    }
    Source source = sources.computeIfAbsent(key, k -> start(k, kind));
    if (source.failure() != null
        && source.failedBefore(System.nanoTime() - RETRY_AFTER.toNanos())) {
      sources.remove(key, source);
      source = sources.computeIfAbsent(key, k -> start(k, kind));
    }
    if (source.failure() != null) {
      return new Read.Failed(source.failure());
    }
    if (!source.informer().hasSynced()) {
      return new Read.Pending();
    }
    List<GenericKubernetesResource> found =
        source.informer().getStore().list().stream().sorted(BY_NAME).toList();
    return new Read.Found(found, versionsOf(found));
  }

  /**
   * Waits until the caches of {@code lookups} have listed, or failed, for {@code within} at most.
   *
   * @return those still not listed
   */
  @Override
  public Set<Lookup> await(Collection<Lookup> lookups, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    Set<Lookup> waiting = new LinkedHashSet<>();
    for (Lookup lookup : lookups) {
      Source source = source(lookup).orElse(null);
      if (source == null) {
        continue; // never started (its kind is not served): the next read says so
      }
      try {
        source.listed().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        waiting.add(lookup);
      } catch (ExecutionException e) {
        // Failed: the next read reports why.
      } catch (TimeoutException e) {
        waiting.add(lookup);
      }
    }
    return waiting;
  }

  /** What the lookup's cache holds now, as {@link Read.Found#versions}; empty when not listed. */
  @Override
  public Optional<String> versions(Lookup lookup) {
    return source(lookup)
        .filter(source -> source.failure() == null && source.informer().hasSynced())
        .map(
            source ->
                versionsOf(source.informer().getStore().list().stream().sorted(BY_NAME).toList()));
  }

  /** {@code reader} reads {@code lookup}: told of its changes from now on. */
  @Override
  public void reading(ObjectRef reader, Lookup lookup) {
    key(lookup).ifPresent(key -> readers.add(reader, key));
  }

  /**
   * {@code reader} reads exactly {@code lookups}, as its last render did: told of their changes
   * only. Caches nobody reads any more are stopped.
   */
  @Override
  public void readBy(ObjectRef reader, Set<Lookup> lookups) {
    Set<Lookup> keys = new LinkedHashSet<>();
    lookups.forEach(lookup -> key(lookup).ifPresent(keys::add));
    readers.replace(reader, keys).forEach(this::stopUnread);
  }

  /** How many lookup caches run, for metrics and the benchmark. */
  public int caches() {
    return sources.size();
  }

  /** How many objects the lookup caches hold. */
  public int objects() {
    return sources.values().stream().mapToInt(s -> s.informer().getStore().list().size()).sum();
  }

  /** How many resources read something through a lookup. */
  public int readers() {
    return readers.readerCount();
  }

  @Override
  public void close() {
    sources.values().forEach(source -> source.informer().stop());
    sources.clear();
  }

  private static final Comparator<GenericKubernetesResource> BY_NAME =
      Comparator.comparing(
              (GenericKubernetesResource o) -> Objects.toString(o.getMetadata().getNamespace(), ""))
          .thenComparing(o -> o.getMetadata().getName());

  /** {@code ns/name=version,...}: equal exactly when the same objects at the same versions. */
  static String versionsOf(List<GenericKubernetesResource> objects) {
    return objects.stream()
        .map(
            o ->
                Objects.toString(o.getMetadata().getNamespace(), "")
                    + "/"
                    + o.getMetadata().getName()
                    + "="
                    + o.getMetadata().getResourceVersion())
        .collect(Collectors.joining(","));
  }

  /** The cache's key for a lookup: without a namespace for a cluster-scoped kind. */
  private Optional<Lookup> key(Lookup lookup) {
    try {
      return Optional.of(
          kinds.isNamespaced(lookup.apiVersion(), lookup.kind()) ? lookup : lookup.clusterScoped());
    } catch (OperatorException | KubernetesClientException e) {
      return Optional.empty();
    }
  }

  private Optional<Source> source(Lookup lookup) {
    return key(lookup).map(sources::get);
  }

  /**
   * Stops the cache of a lookup nobody reads any more, unless a reader came back meanwhile (a
   * reader is added before it reads, so one that comes later starts a new cache).
   */
  private void stopUnread(Lookup key) {
    readers.ifUnread(
        key,
        () -> {
          Source source = sources.remove(key);
          if (source != null) {
            source.informer().stop();
          }
        });
  }

  private Source start(Lookup key, ResourceDefinitionContext kind) {
    var scoped = Scoped.in(client, kind, key.namespace());
    var selected =
        key.isList()
            ? key.selector().isEmpty() ? scoped : scoped.withLabels(key.selector())
            : scoped.withField("metadata.name", key.name());
    SharedIndexInformer<GenericKubernetesResource> informer = selected.runnableInformer(0);
    informer.itemStore(new TrimmingStore(TrimmingStore.Trim.RESOURCE));
    informer.addEventHandler(new ReaderNotifier(key));
    CompletableFuture<Void> listed = informer.start().toCompletableFuture();
    Source source = new Source(informer, listed);
    listed.whenComplete(
        (done, error) -> {
          if (error != null) {
            source.fail(describe(key, kind, error));
          }
        });
    return source;
  }

  /** Why a cache could not list, and, when the operator may not, the RBAC rule to grant. */
  private static String describe(Lookup key, ResourceDefinitionContext kind, Throwable error) {
    Throwable cause = error;
    while (!(cause instanceof KubernetesClientException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    String where = key.namespace() == null ? "" : " in namespace " + key.namespace();
    if (cause instanceof KubernetesClientException refused && refused.getCode() == 403) {
      return "the operator may not list and watch "
          + kind.getPlural()
          + where
          + ": grant its ServiceAccount the rule {apiGroups: [\""
          + kind.getGroup()
          + "\"], resources: ["
          + kind.getPlural()
          + "], verbs: [list, watch]}"
          + (key.namespace() == null
              ? " in its ClusterRole"
              : " (a Role and RoleBinding in " + key.namespace() + ", or its ClusterRole)");
    }
    return "cannot list and watch " + kind.getPlural() + where + ": " + cause.getMessage();
  }

  /** One lookup's informer, its first list, and why it could not start, once it could not. */
  private static final class Source {
    private final SharedIndexInformer<GenericKubernetesResource> informer;
    private final CompletableFuture<Void> listed;
    private volatile String failure;
    private volatile long failedAt;

    Source(
        SharedIndexInformer<GenericKubernetesResource> informer, CompletableFuture<Void> listed) {
      this.informer = informer;
      this.listed = listed;
    }

    SharedIndexInformer<GenericKubernetesResource> informer() {
      return informer;
    }

    CompletableFuture<Void> listed() {
      return listed;
    }

    String failure() {
      return failure;
    }

    boolean failedBefore(long nanos) {
      return failure != null && failedAt - nanos < 0;
    }

    void fail(String why) {
      failedAt = System.nanoTime();
      failure = why;
    }
  }

  /** Tells the readers of one lookup of each change its cache sees. */
  private final class ReaderNotifier implements ResourceEventHandler<GenericKubernetesResource> {
    private final Lookup key;

    ReaderNotifier(Lookup key) {
      this.key = key;
    }

    @Override
    public void onAdd(GenericKubernetesResource object) {
      notifyReaders();
    }

    @Override
    public void onUpdate(GenericKubernetesResource before, GenericKubernetesResource after) {
      if (!Objects.equals(
          before.getMetadata().getResourceVersion(), after.getMetadata().getResourceVersion())) {
        notifyReaders();
      }
    }

    @Override
    public void onDelete(GenericKubernetesResource object, boolean finalStateUnknown) {
      notifyReaders();
    }

    private void notifyReaders() {
      readers.readersOf(key).forEach(onChange);
    }
  }
}
