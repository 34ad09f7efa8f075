package io.webserveroperator.template;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.ObjectPolicy;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.source.TemplateLoadException;
import io.webserveroperator.template.source.TemplateTree;
import io.webserveroperator.template.source.TemplateWatcher;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.template.watches.WatchesFile;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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
 * every other kind renders on.
 *
 * <p>Thread-safe: renders run concurrently against the current template sets; a reload swaps a set
 * atomically, so a render sees either the old or the new templates, never a mix.
 */
public final class TemplateRegistry implements AutoCloseable {

  private final Path root;
  private final List<TemplatedKind> watches;
  private final RegistryOptions options;
  private final Map<TemplatedKind, Loaded> loaded = new ConcurrentHashMap<>();

  /** Earlier and stored revisions of each kind by hash, the current one among them. */
  private final Map<TemplatedKind, Map<String, Revision>> revisionsByHash =
      new ConcurrentHashMap<>();

  private final Map<TemplatedKind, ObjectPolicy> policies = new LinkedHashMap<>();
  private final AtomicLong revisions = new AtomicLong();
  private TemplateWatcher watcher;

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

  private TemplateRegistry(
      TemplateTree tree, List<TemplatedKind> watches, RegistryOptions options) {
    this.root = tree.root();
    this.watches = watches;
    this.options = options;
    for (TemplatedKind watch : watches) {
      revisionsByHash.put(watch, new ConcurrentHashMap<>());
      install(watch, Loaded.of(watch, tree, revisions.incrementAndGet()));
      policies.put(
          watch,
          new ObjectPolicy(
              watch.allowOtherNamespaces(),
              watch.allowedClusterScopedKinds(),
              options.clusterScoped()));
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
    TemplateTree tree = TemplateTree.read(file.getParent());
    return new TemplateRegistry(
        tree, WatchesFile.read(tree, file.getFileName().toString()), options);
  }

  public List<TemplatedKind> watches() {
    return watches;
  }

  /** Why the templates of {@code watch} did not load, while no version of them has. */
  public Optional<TemplateLoadException> loadFailure(TemplatedKind watch) {
    return Optional.ofNullable(loaded.get(watch)).map(Loaded::error);
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
      parsed = loaded.get(watch);
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
        watch, parsed.content().hash(), parsed.revision(), parsed.set(), policies.get(watch));
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
    Loaded now = loaded.get(watch);
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
   * Starts watching the templates folder, links and a ConfigMap volume's {@code ..data} swap
   * included. After a change, each kind whose files changed is parsed again. On success its new
   * templates are used and onChange(watch) is called. A broken edit calls onError(watch, exception)
   * and keeps the last good version; a kind that has none fails its renders with the new error, and
   * onChange(watch) is called too, since what its renders say has changed. Callbacks run on one
   * background thread.
   */
  public synchronized void watchForChanges(
      Consumer<TemplatedKind> onChange, BiConsumer<TemplatedKind, OperatorException> onError) {
    if (watcher != null) {
      throw new IllegalStateException("this registry already watches its templates");
    }
    watcher = TemplateWatcher.start(root, () -> reload(onChange, onError));
  }

  private void reload(
      Consumer<TemplatedKind> onChange, BiConsumer<TemplatedKind, OperatorException> onError) {
    TemplateTree tree;
    try {
      tree = TemplateTree.read(root);
    } catch (OperatorException e) {
      watches.forEach(watch -> onError.accept(watch, e));
      return;
    }
    for (TemplatedKind watch : watches) {
      Loaded before = loaded.get(watch);
      if (TemplateSet.sourcesOf(watch, tree).equals(before.sources())) {
        continue;
      }
      Loaded now = Loaded.of(watch, tree, revisions.incrementAndGet());
      if (now.error() != null) {
        onError.accept(watch, now.error());
      }
      if (now.set() != null || before.set() == null) {
        install(watch, now);
        onChange.accept(watch);
      }
    }
  }

  @Override
  public synchronized void close() {
    if (watcher != null) {
      watcher.close();
      watcher = null;
    }
  }

  /** Makes {@code now} what the kind renders with, and one of its revisions when it parsed. */
  private void install(TemplatedKind watch, Loaded now) {
    loaded.put(watch, now);
    if (now.set() != null) {
      revisionsByHash(watch).put(now.content().hash(), new Revision(now.content(), now));
    }
  }

  private Map<String, Revision> revisionsByHash(TemplatedKind watch) {
    Map<String, Revision> known = revisionsByHash.get(watch);
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
