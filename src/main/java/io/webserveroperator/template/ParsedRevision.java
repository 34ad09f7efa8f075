package io.webserveroperator.template;

import io.webserveroperator.manifest.ObjectPolicy;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One revision of a kind's templates, parsed and ready to render: what a reconcile resolves once
 * ({@link TemplateRegistry#resolve}) and renders its objects, its status and its readiness rules
 * from, so that all three come from the same templates. Immutable and thread-safe.
 */
public final class ParsedRevision {

  private final TemplatedKind kind;
  private final String hash;
  private final long parseId;
  private final TemplateSet set;
  private final ObjectPolicy policy;

  ParsedRevision(
      TemplatedKind kind, String hash, long parseId, TemplateSet set, ObjectPolicy policy) {
    this.kind = kind;
    this.hash = hash;
    this.parseId = parseId;
    this.set = set;
    this.policy = policy;
  }

  /** The kind whose templates these are. */
  public TemplatedKind kind() {
    return kind;
  }

  /** The revision: the hash of the templates' files ({@link TemplateRevision#hash}). */
  public String hash() {
    return hash;
  }

  /**
   * Which parse of the templates this is: it changes whenever a reload parses them again, so that a
   * caller can tell that a render would give the same objects as before. Without the parse cache
   * every resolution parses anew, and so gives a new number.
   */
  public long parseId() {
    return parseId;
  }

  /**
   * Renders the resource into validated, labelled objects, with an owner reference when it has a
   * uid, in file-name order. Pure but for what {@code reads} reads: its children, and its lookups.
   *
   * @throws RenderException naming the file and line when a template fails
   */
  public Rendered render(TemplateInput resource, ClusterReads reads) {
    return Renderer.render(set, resource, policy, reads);
  }

  /** As {@link #render(TemplateInput, ClusterReads)}, reading nothing of the cluster. */
  public List<RenderedObject> render(TemplateInput resource) {
    return render(resource, ClusterReads.NONE).objects();
  }

  /**
   * Renders the status template into status fields; an empty map when the kind has none.
   *
   * @param children the live children, by kind then name
   * @param reads answers the status template's lookups
   * @throws RenderException naming the file and line when the status template fails
   */
  public Map<String, Object> renderStatus(
      TemplateInput resource,
      Map<String, Map<String, Map<String, Object>>> children,
      ClusterReads reads) {
    return Renderer.renderStatus(set, resource, children, policy, reads);
  }

  /**
   * The status fields its status template renders ({@link StatusTemplateFields}); none when the
   * kind has no status template.
   */
  public Set<String> statusFields() {
    return kind.status()
        .map(name -> set.sources().get(name))
        .map(StatusTemplateFields::of)
        .orElse(Set.of());
  }

  /** The kind's readiness rules as these templates were loaded with them. */
  public ReadinessRules readiness() {
    return set.readiness();
  }
}
