package io.webserveroperator.template;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.ObjectPolicy;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.source.TemplateLoadException;
import io.webserveroperator.template.source.TemplateTree;
import io.webserveroperator.template.source.TemplateWatcher;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.template.watches.WatchesChange;
import io.webserveroperator.template.watches.WatchesFile;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The kinds of {@code watches.yaml} and their parsed templates: the one entry point to rendering.
 * Each kind loads on its own: one whose templates do not load fails the renders of its resources
 * ({@link TemplatesInvalidException}, naming the file and line) until an edit repairs it, while
 * every other kind renders on. A kind is known by its {@link TemplatedKind#identity}: asked with an
 * older entry of the same kind, the registry answers with the current one's templates.
 *
 * <p>Thread-safe: renders run concurrently against the current template sets; a reload swaps a set
 * atomically, so a render sees either the old or the new templates, never a mix.
 */
public final class TemplateRegistry implements AutoCloseable {

  private final Path root;
  private final String watchesFile;
  private volatile List<TemplatedKind> watches;
  private final RegistryOptions options;

  /** Each kind's current templates, by {@link TemplatedKind#identity}, as the maps below. */
  private final Map<String, Loaded> loaded = new ConcurrentHashMap<>();

  /** Earlier and stored revisions of each kind by hash, the current one among them. */
  private final Map<String, Map<String, Revision>> revisionsByHash = new ConcurrentHashMap<>();

  private final Map<String, ObjectPolicy> policies = new ConcurrentHashMap<>();
  private final AtomicLong revisions = new AtomicLong();
  private TemplateWatcher watcher;

  /**
   * What a registry that {@linkplain #watchForChanges watches its folder} tells, on its watcher
   * thread, one call at a time.
   */
  public interface Listener {

    /**
     * The kind's templates changed and are in use; or, for a kind that never loaded, failed again
     * (what its renders say has changed).
     */
    void templatesChanged(TemplatedKind watch);

    /** An edit of the kind's templates does not load: the last good version stays in use. */
    void templatesRejected(TemplatedKind watch, OperatorException error);

    /**
     * An edit of watches.yaml parsed and the templates of every kind it brings in loaded; the edit
     * takes effect unless this throws.
     *
     * @throws OperatorException why the edit cannot take effect (a kind the API server does not
     *     serve, say): the last good watches.yaml stays in effect, and {@link #watchesRejected} is
     *     told
     */
    void admit(WatchesChange change);

    /** An edit of watches.yaml took effect: {@link #watches()} lists the new kinds. */
    void kindsChanged(WatchesChange change);

    /**
     * An edit of watches.yaml does not parse, brings in a kind whose templates do not load, or was
     * not {@linkplain #admit admitted}: the last good watches.yaml stays in effect.
     */
    void watchesRejected(OperatorException error);
  }

  /**
   * What a kind renders with now: its last good templates or, while it has never had any, why they
   * did not load. Swapped whole, so that a render sees one or the other.
   *
   * @param set the templates, or null
   * @param error why the last attempt failed, when there is no set
   * @param sources what was read, so that a reload can tell whether anything changed
   * @param revision unique to this load in this registry
   * @param content the sources as a revision, hashed once per load
   */
  private record Loaded(
      TemplateSet set,
      TemplateLoadException error,
      Map<String, String> sources,
      long revision,
      TemplateRevision content) {

    static Loaded of(TemplatedKind watch, TemplateTree tree, long revision) {
      try {
        TemplateSet set = TemplateSet.load(watch, tree);
        return new Loaded(set, null, set.sources(), revision, TemplateRevision.of(set.sources()));
      } catch (TemplateLoadException e) {
        Map<String, String> sources = TemplateSet.sourcesOf(watch, tree);
        return new Loaded(null, e, sources, revision, TemplateRevision.of(sources));
      }
    }
  }

  /**
   * A revision a kind may render from, parsed on first use: a stored one may never be needed.
   *
   * @param content its files
   * @param parsed its parsed templates once asked for, each load numbered as {@link Loaded} is
   */
  private record Revision(TemplateRevision content, Loaded parsed) {}

  private TemplateRegistry(TemplateTree tree, String watchesFile, RegistryOptions options) {
    this.root = tree.root();
    this.watchesFile = watchesFile;
    this.options = options;
    this.watches = WatchesFile.read(tree, watchesFile);
    for (TemplatedKind watch : watches) {
      enter(watch, Loaded.of(watch, tree, revisions.incrementAndGet()));
    }
  }

  /**
   * Reads watches.yaml and parses every kind's templates once. Throws OperatorException (clear
   * message) when watches.yaml or the folder cannot be read; a kind whose templates do not load is
   * kept as {@link #loadFailure} instead, failing only its own renders.
   */
  public static TemplateRegistry load(Path watchesYaml) {
    return load(watchesYaml, RegistryOptions.defaults());
  }

  /** As {@link #load(Path)}, with options such as a discovery-backed scope hook. */
  public static TemplateRegistry load(Path watchesYaml, RegistryOptions options) {
    Path file = watchesYaml.toAbsolutePath().normalize();
    return new TemplateRegistry(
        TemplateTree.read(file.getParent()), file.getFileName().toString(), options);
  }

  /** The kinds of watches.yaml as in effect now: the last good version of the file. */
  public List<TemplatedKind> watches() {
    return watches;
  }

  /** Why the templates of {@code watch} did not load, while no version of them has. */
  public Optional<TemplateLoadException> loadFailure(TemplatedKind watch) {
    return Optional.ofNullable(loaded.get(watch.identity())).map(Loaded::error);
  }

  /** The watch for a resource's apiVersion+kind, if handled. */
  public Optional<TemplatedKind> watchFor(String apiVersion, String kind) {
    return watches.stream()
        .filter(w -> w.apiVersion().equals(apiVersion) && w.kind().equals(kind))
        .findFirst();
  }

  /**
   * The templates a resource of {@code watch} renders with, parsed: the revision {@code hash} when
   * a rollout chose one, else the kind's current templates. Resolved once per reconcile, so that
   * its objects, its status and its readiness all come from the same templates.
   *
   * @param resource the resource, as {@code Kind namespace/name}, for the errors to name
   * @throws TemplatesInvalidException when those templates did not load
   * @throws UnknownRevisionException when the kind does not know the revision {@code hash}
   */
  public ParsedRevision resolve(TemplatedKind watch, Optional<String> hash, String resource) {
    Loaded parsed;
    if (hash.isPresent()) {
      parsed = parsed(watch, hash.get());
    } else {
      parsed = loaded.get(watch.identity());
      if (parsed == null) {
        throw unknown(watch);
      }
      if (!options.cacheParsedTemplates()) {
        parsed = Loaded.of(watch, TemplateTree.read(root), revisions.incrementAndGet());
      }
    }
    if (parsed.set() == null) {
      throw new TemplatesInvalidException(resource, parsed.error());
    }
    return new ParsedRevision(
        watch,
        parsed.content().hash(),
        parsed.revision(),
        parsed.set(),
        policies.get(watch.identity()));
  }

  /**
   * Renders one resource (a plain map as parsed from YAML or JSON) with the kind's current
   * templates: {@link #resolve} then {@link ParsedRevision#render}, for tools that render one
   * resource once ({@code render}, {@code lint}).
   *
   * @throws TemplatesInvalidException when the templates of the resource's kind did not load
   */
  public List<RenderedObject> render(TemplatedKind watch, Map<String, Object> resource) {
    return render(watch, resource, ClusterReads.NONE).objects();
  }

  /**
   * As {@link #render(TemplatedKind, Map)}, with {@code children} and lookups answered by {@code
   * reads} ({@code render --lookup-file}, {@code test}).
   *
   * @throws TemplatesInvalidException when the templates of the resource's kind did not load
   */
  public Rendered render(TemplatedKind watch, Map<String, Object> resource, ClusterReads reads) {
    TemplateInput input = TemplateInput.of(resource);
    return resolve(watch, Optional.empty(), input.describe()).render(input, reads);
  }

  /** The templates the kind renders with now, as a revision; empty while they have never loaded. */
  public Optional<TemplateRevision> current(TemplatedKind watch) {
    Loaded now = loaded.get(watch.identity());
    return now == null || now.set() == null ? Optional.empty() : Optional.of(now.content());
  }

  /**
   * Makes {@code revision} one the kind can render from (read back from where revisions are
   * stored); its templates are parsed when a render first asks for it.
   */
  public void remember(TemplatedKind watch, TemplateRevision revision) {
    revisionsByHash(watch).putIfAbsent(revision.hash(), new Revision(revision, null));
  }

  /** Whether the kind can render from the revision {@code hash}. */
  public boolean knows(TemplatedKind watch, String hash) {
    return revisionsByHash(watch).containsKey(hash);
  }

  /** The files of the revision {@code hash}, if the kind knows it. */
  public Optional<TemplateRevision> revision(TemplatedKind watch, String hash) {
    return Optional.ofNullable(revisionsByHash(watch).get(hash)).map(Revision::content);
  }

  /**
   * As {@link #watchForChanges(Listener)}, for those that follow template edits only: an edit of
   * watches.yaml takes effect whenever it parses and the templates of the kinds it brings in load.
   */
  public void watchForChanges(
      Consumer<TemplatedKind> onChange, BiConsumer<TemplatedKind, OperatorException> onError) {
    watchForChanges(
        new Listener() {
          @Override
          public void templatesChanged(TemplatedKind watch) {
            onChange.accept(watch);
          }

          @Override
          public void templatesRejected(TemplatedKind watch, OperatorException error) {
            onError.accept(watch, error);
          }

          @Override
          public void admit(WatchesChange change) {}

          @Override
          public void kindsChanged(WatchesChange change) {}

          @Override
          public void watchesRejected(OperatorException error) {}
        });
  }

  /**
   * Starts watching the templates folder, links and a ConfigMap volume's {@code ..data} swap
   * included. After a change, watches.yaml is read again first: when it lists other kinds or other
   * settings, its new kinds are parsed, and, if they all load and the listener admits the change,
   * it takes effect ({@link Listener#kindsChanged}); otherwise the last good watches.yaml stays
   * ({@link Listener#watchesRejected}). Then each kind whose files changed is parsed again. On
   * success its new templates are used ({@link Listener#templatesChanged}). A broken edit is told
   * ({@link Listener#templatesRejected}) and the last good version kept; a kind that has none fails
   * its renders with the new error, and is told as changed too, since what its renders say has
   * changed. The listener is called on one background thread.
   */
  public synchronized void watchForChanges(Listener listener) {
    if (watcher != null) {
      throw new IllegalStateException("this registry already watches its templates");
    }
    watcher = TemplateWatcher.start(root, () -> reload(listener));
  }

  private void reload(Listener listener) {
    TemplateTree tree;
    try {
      tree = TemplateTree.read(root);
    } catch (OperatorException e) {
      watches.forEach(watch -> listener.templatesRejected(watch, e));
      return;
    }
    followWatches(tree, listener);
    for (TemplatedKind watch : watches) {
      Loaded before = loaded.get(watch.identity());
      if (TemplateSet.sourcesOf(watch, tree).equals(before.sources())) {
        continue;
      }
      Loaded now = Loaded.of(watch, tree, revisions.incrementAndGet());
      if (now.error() != null) {
        listener.templatesRejected(watch, now.error());
      }
      if (now.set() != null || before.set() == null) {
        install(watch, now);
        listener.templatesChanged(watch);
      }
    }
  }

  /**
   * Puts an edit of watches.yaml into effect, all of it or, when it does not parse, a kind it
   * brings in does not load, or the listener refuses it, none of it.
   */
  private void followWatches(TemplateTree tree, Listener listener) {
    List<TemplatedKind> next;
    try {
      next = WatchesFile.read(tree, watchesFile);
    } catch (OperatorException e) {
      listener.watchesRejected(e);
      return;
    }
    WatchesChange change = WatchesChange.between(watches, next);
    if (change.isEmpty()) {
      // At most the order of the entries changed, which decides nothing.
      watches = next;
      return;
    }
    Map<TemplatedKind, Loaded> entering = new HashMap<>();
    for (TemplatedKind watch : change.entering()) {
      Loaded now = Loaded.of(watch, tree, revisions.incrementAndGet());
      if (now.error() != null) {
        listener.watchesRejected(
            new OperatorException(
                "The templates of " + watch.kind() + " do not load: " + now.error().getMessage(),
                now.error()));
        return;
      }
      entering.put(watch, now);
    }
    try {
      listener.admit(change);
    } catch (OperatorException e) {
      listener.watchesRejected(e);
      return;
    }
    entering.forEach(this::enter);
    watches = next;
    try {
      listener.kindsChanged(change);
    } finally {
      // Only now: until the listener stopped them, a removed kind's reconciles still render.
      change.removed().forEach(this::leave);
    }
  }

  @Override
  public synchronized void close() {
    if (watcher != null) {
      watcher.close();
      watcher = null;
    }
  }

  /**
   * Makes {@code watch} the kind's entry, rendering with {@code now}. The revisions it knew stay
   * known; those parsed with its earlier entry are parsed again when asked for, so that they follow
   * the new entry's readiness rules and lookups.
   */
  private void enter(TemplatedKind watch, Loaded now) {
    revisionsByHash
        .computeIfAbsent(watch.identity(), identity -> new ConcurrentHashMap<>())
        .replaceAll((hash, known) -> new Revision(known.content(), null));
    policies.put(
        watch.identity(),
        new ObjectPolicy(
            watch.allowOtherNamespaces(),
            watch.allowedClusterScopedKinds(),
            options.clusterScoped()));
    install(watch, now);
  }

  /** Forgets a kind watches.yaml no longer lists. */
  private void leave(TemplatedKind watch) {
    loaded.remove(watch.identity());
    revisionsByHash.remove(watch.identity());
    policies.remove(watch.identity());
  }

  /** Makes {@code now} what the kind renders with, and one of its revisions when it parsed. */
  private void install(TemplatedKind watch, Loaded now) {
    loaded.put(watch.identity(), now);
    if (now.set() != null) {
      revisionsByHash(watch).put(now.content().hash(), new Revision(now.content(), now));
    }
  }

  private Map<String, Revision> revisionsByHash(TemplatedKind watch) {
    Map<String, Revision> known = revisionsByHash.get(watch.identity());
    if (known == null) {
      throw unknown(watch);
    }
    return known;
  }

  /**
   * The parsed templates of the revision {@code hash}.
   *
   * @throws UnknownRevisionException when the kind does not know it
   */
  private Loaded parsed(TemplatedKind watch, String hash) {
    Map<String, Revision> known = revisionsByHash(watch);
    Revision revision =
        known.computeIfPresent(
            hash,
            (h, stored) ->
                stored.parsed() != null
                    ? stored
                    : new Revision(
                        stored.content(),
                        Loaded.of(
                            watch,
                            new TemplateTree(root, stored.content().sources(), List.of()),
                            revisions.incrementAndGet())));
    if (revision == null) {
      throw new UnknownRevisionException(watch.kind(), hash);
    }
    return revision.parsed();
  }

  private OperatorException unknown(TemplatedKind watch) {
    return new OperatorException(
        "No templates for " + watch.kind() + ": the watch is not in " + root + "/watches.yaml.");
  }
}
