package io.webserveroperator.template;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.ObjectPolicy;
import io.webserveroperator.manifest.RenderedObject;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The kinds of {@code watches.yaml} and their parsed templates: the one entry point to rendering.
 *
 * <p>Thread-safe: renders run concurrently against the current template sets; a reload swaps a set
 * atomically, so a render sees either the old or the new templates, never a mix.
 */
public final class TemplateRegistry implements AutoCloseable {

  private final Path root;
  private final List<Watch> watches;
  private final RegistryOptions options;
  private final Map<Watch, TemplateSet> sets = new ConcurrentHashMap<>();
  private final Map<Watch, ObjectPolicy> policies = new LinkedHashMap<>();
  private TemplateWatcher watcher;

  private TemplateRegistry(TemplateTree tree, List<Watch> watches, RegistryOptions options) {
    this.root = tree.root();
    this.watches = watches;
    this.options = options;
    for (Watch watch : watches) {
      sets.put(watch, TemplateSet.load(watch, tree));
      policies.put(
          watch,
          new ObjectPolicy(
              watch.allowOtherNamespaces(),
              watch.allowedClusterScopedKinds(),
              options.clusterScoped()));
    }
  }

  /**
   * Reads watches.yaml and parses every template set once; throws OperatorException (clear message)
   * on bad config or template syntax.
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

  public List<Watch> watches() {
    return watches;
  }

  /** The watch for a resource's apiVersion+kind, if handled. */
  public Optional<Watch> watchFor(String apiVersion, String kind) {
    return watches.stream()
        .filter(w -> w.apiVersion().equals(apiVersion) && w.kind().equals(kind))
        .findFirst();
  }

  /**
   * Renders one resource (a plain Map as parsed from YAML/JSON: apiVersion, kind, metadata,
   * spec...) into validated, labelled objects with owner reference (when metadata.uid present), in
   * file-name order. Pure, thread-safe.
   */
  public List<RenderedObject> render(Watch watch, Map<String, Object> resource)
      throws RenderException {
    return Renderer.render(set(watch), resource, policies.get(watch));
  }

  /**
   * Renders the watch's status template (if any) into status fields; empty map when the watch has
   * none. {@code children} = the live child objects keyed by kind then name.
   */
  public Map<String, Object> renderStatus(
      Watch watch,
      Map<String, Object> resource,
      Map<String, Map<String, Map<String, Object>>> children)
      throws RenderException {
    return Renderer.renderStatus(set(watch), resource, children);
  }

  /**
   * Starts watching the templates folder, links and a ConfigMap volume's {@code ..data} swap
   * included. After a change, each kind whose files changed is parsed again: on success its new
   * templates are used and onReload(watch) is called; a broken edit keeps the last good version and
   * calls onError(watch, exception). Callbacks run on one background thread.
   */
  public synchronized void watchForChanges(
      Consumer<Watch> onReload, BiConsumer<Watch, OperatorException> onError) {
    if (watcher != null) {
      throw new IllegalStateException("this registry already watches its templates");
    }
    watcher = TemplateWatcher.start(root, () -> reload(onReload, onError));
  }

  private void reload(Consumer<Watch> onReload, BiConsumer<Watch, OperatorException> onError) {
    TemplateTree tree;
    try {
      tree = TemplateTree.read(root);
    } catch (OperatorException e) {
      watches.forEach(watch -> onError.accept(watch, e));
      return;
    }
    for (Watch watch : watches) {
      if (TemplateSet.sourcesOf(watch, tree).equals(sets.get(watch).sources())) {
        continue;
      }
      try {
        sets.put(watch, TemplateSet.load(watch, tree));
      } catch (OperatorException e) {
        onError.accept(watch, e);
        continue;
      }
      onReload.accept(watch);
    }
  }

  @Override
  public synchronized void close() {
    if (watcher != null) {
      watcher.close();
      watcher = null;
    }
  }

  private TemplateSet set(Watch watch) {
    TemplateSet set = sets.get(watch);
    if (set == null) {
      throw new OperatorException(
          "No templates for " + watch.kind() + ": the watch is not in " + root + "/watches.yaml.");
    }
    return options.cacheParsedTemplates() ? set : TemplateSet.load(watch, TemplateTree.read(root));
  }
}
