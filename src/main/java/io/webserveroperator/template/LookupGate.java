package io.webserveroperator.template;

import io.webserveroperator.manifest.ObjectPolicy;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.lib.ClusterFunctions;
import io.webserveroperator.template.output.ResourceStrings;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.watches.DeclaredLookup;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Answers the lookups of one render: a kind's templates may read only what its {@code lookups} in
 * watches.yaml declare ({@link DeclaredLookup}); an empty namespace is the resource's own; the
 * answer comes from the render's {@link ClusterReads}, once per lookup, and reaches the template as
 * a read-only copy whose strings are the cluster's, as a spec's are ({@link ResourceStrings}), and
 * whose Secret values are masked wherever the render is shown. Not thread-safe: one per render.
 */
final class LookupGate implements ClusterFunctions.Lookups {

  private final TemplatedKind watch;
  private final ObjectPolicy policy;
  private final String home;
  private final ClusterReads reads;
  private final ResourceStrings strings;
  private final Map<Lookup, Object> answers = new HashMap<>();

  /**
   * @param home the resource's namespace; null when it has none (a cluster-scoped kind)
   */
  LookupGate(
      TemplatedKind watch,
      ObjectPolicy policy,
      String home,
      ClusterReads reads,
      ResourceStrings strings) {
    this.watch = watch;
    this.policy = policy;
    this.home = home;
    this.reads = reads;
    this.strings = strings;
  }

  @Override
  public Object lookup(
      String apiVersion, String kind, String namespace, String name, Map<String, String> selector) {
    Lookup lookup =
        new Lookup(apiVersion, kind, namespaceOf(apiVersion, kind, namespace), name, selector);
    if (watch.lookups().stream()
        .noneMatch(entry -> entry.allows(apiVersion, kind, lookup.namespace(), home))) {
      throw new TemplateFailure(
          lookup.describe()
              + " reads what "
              + watch.kind()
              + "'s templates may not: add "
              + DeclaredLookup.describe(apiVersion, kind, lookup.namespace(), home)
              + " under lookups: in its watches.yaml entry");
    }
    return answers.computeIfAbsent(lookup, this::answer);
  }

  /** Where the lookup reads: nowhere in particular for a cluster-scoped kind. */
  private String namespaceOf(String apiVersion, String kind, String written) {
    if (policy.isClusterScoped(new ObjectRef(apiVersion, kind, null, "lookup"))) {
      return null;
    }
    if (!written.isEmpty()) {
      return written;
    }
    if (home == null) {
      throw new TemplateFailure(
          "lookup('"
              + apiVersion
              + "', '"
              + kind
              + "', '', ...): a "
              + watch.kind()
              + " has no namespace of its own to read in; name the namespace");
    }
    return home;
  }

  private Object answer(Lookup lookup) {
    List<Map<String, Object>> found;
    try {
      found = reads.lookup(lookup);
    } catch (LookupException e) {
      throw new TemplateFailure(lookup.describe() + ": " + e.getMessage());
    }
    Object answer;
    if (lookup.isList()) {
      Map<String, Object> list = new LinkedHashMap<>();
      list.put("apiVersion", lookup.apiVersion());
      list.put("kind", lookup.kind() + "List");
      list.put("items", found);
      answer = list;
    } else {
      answer = found.isEmpty() ? Map.of() : found.get(0);
    }
    Object copy = ContextValues.copy(answer);
    strings.add(copy, lookup.describe());
    found.forEach(object -> SecretValues.of(object).forEach(strings::addSecretValue));
    return copy;
  }
}
