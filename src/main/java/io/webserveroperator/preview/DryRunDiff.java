package io.webserveroperator.preview;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.OperatorException;
import io.webserveroperator.apply.Applier;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.ApplyOptions;
import io.webserveroperator.crd.Admission;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.DiffSanitizer;
import io.webserveroperator.diff.IgnoredFields;
import io.webserveroperator.diff.JsonPatches;
import io.webserveroperator.diff.Patch;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.kube.Scoped;
import io.webserveroperator.manifest.Claim;
import io.webserveroperator.manifest.Claim.Standing;
import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What applying the templates to a resource would change in the cluster, asked of the API server
 * without writing anything, as {@code kubectl diff --server-side} does. Sends only GET and LIST
 * requests and server-side-apply requests with {@code dryRun=All}.
 *
 * <p>For one resource:
 *
 * <ol>
 *   <li>Read the resource from the cluster. When it exists, render with its {@code uid}, so that
 *       owner references match the live children, and take its status inventory.
 *   <li>Render it through its watch's templates, or a stored revision of them ({@link
 *       LiveSelection}).
 *   <li>Per rendered object: GET the live object and server-side-apply the rendered one as a dry
 *       run with the operator's field manager, conflicts forced.
 *   <li>Sanitise both sides ({@link DiffSanitizer}) and compare the whole objects: no live object
 *       is CREATE; a live object that is not the resource's is ADOPT or CONFLICT by the resource's
 *       {@link Claim} on it; a create-only object ({@code ssa: IfNotPresent}) and equal sides are
 *       UNCHANGED, anything else UPDATE.
 *   <li>Inventory objects no longer rendered, still present and the resource's, are PRUNE, or
 *       ORPHAN when their {@code resource-policy: keep} leaves them in place.
 * </ol>
 *
 * <p>The returned {@link PlanEntry} values hold the sanitised sides: {@code live} is the live
 * object and {@code desired} the dry-run result, and the patch is the RFC 6902 difference between
 * them (not the template projection the reconciler plans with). Blocks on the API server; not meant
 * to be shared between threads.
 */
public final class DryRunDiff {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final KubernetesClient client;
  private final KindResolver kinds;
  private final TemplateRegistry templates;
  private final Applier dryRun;
  private final Admission admission;

  /**
   * @param client the cluster to ask; only read and dry-run requests are sent through it
   * @param templates the templates to render with; live resources render as the cluster serves them
   */
  public DryRunDiff(KubernetesClient client, TemplateRegistry templates) {
    this(client, templates, Admission.none());
  }

  /**
   * @param client the cluster to ask; only read and dry-run requests are sent through it
   * @param templates the templates to render with
   * @param admission the CRDs whose defaults a live resource gets before it renders ({@link
   *     Admission#withDefaults}), so that a CRD about to be applied is previewed with its defaults
   */
  public DryRunDiff(KubernetesClient client, TemplateRegistry templates, Admission admission) {
    this.admission = Objects.requireNonNull(admission, "admission");
    this.client = Objects.requireNonNull(client, "client");
    this.templates = Objects.requireNonNull(templates, "templates");
    this.kinds = new KindResolver(client);
    this.dryRun = new Applier(client, kinds, ApplyOptions.defaults().asDryRun());
  }

  /**
   * The plan for one resource as read from a file: rendered objects in render order, then the
   * objects to prune.
   *
   * @param resource the custom resource as plain maps, with its namespace set; not modified
   * @throws OperatorException when its kind is not watched, a template fails ({@link
   *     io.webserveroperator.template.RenderException}, with file and line), the API server refuses
   *     a request or cannot be reached
   */
  public Plan diff(Map<String, Object> resource) {
    ObjectRef ref = ObjectRef.of(resource);
    TemplatedKind watch = watchOf(ref);
    Map<String, Object> live = get(ref);
    Map<String, Object> rendered = UntypedMaps.deepCopyMap(resource);
    List<ObjectRef> inventory = List.of();
    if (live != null) {
      UntypedMaps.getOrCreateMap(rendered, "metadata")
          .put("uid", UntypedMaps.get(live, "metadata", "uid"));
      inventory = Inventory.fromStatus(UntypedMaps.getMap(live, "status"));
    }
    return plan(watch, rendered, inventory, Optional.empty());
  }

  /**
   * The plan for every resource of every watched kind in the cluster, as they are now: to preview a
   * template edit against everything it would touch.
   *
   * @param namespace where to look; null for all namespaces
   * @throws OperatorException as {@link #diff(Map)}
   */
  public Plan diffLive(String namespace) {
    return diffLive(namespace, LiveSelection.current());
  }

  /**
   * As {@link #diffLive(String)}, for the resources {@code selection} picks of each kind, each
   * rendered from the revision it gives: to preview what moving them to a stored revision would
   * change.
   *
   * @throws OperatorException as {@link #diff(Map)}
   */
  public Plan diffLive(String namespace, LiveSelection selection) {
    List<PlanEntry> entries = new ArrayList<>();
    for (TemplatedKind watch : templates.watches()) {
      for (LiveSelection.Pick pick : selection.select(watch, list(watch, namespace))) {
        Map<String, Object> resource = admission.withDefaults(asMap(pick.resource()));
        Map<String, Object> status = UntypedMaps.getMap(resource, "status");
        entries.addAll(
            plan(watch, resource, Inventory.fromStatus(status), pick.revision()).entries());
      }
    }
    return new Plan(entries);
  }

  private Plan plan(
      TemplatedKind watch,
      Map<String, Object> resource,
      List<ObjectRef> inventory,
      Optional<String> revision) {
    List<PlanEntry> entries = new ArrayList<>();
    Set<ObjectRef.Identity> rendered = new HashSet<>();
    Set<ObjectRef.Identity> listed = new HashSet<>();
    inventory.forEach(ref -> listed.add(ref.identity()));
    Owner owner = Owner.of(resource);
    List<RenderedObject> objects =
        revision.isPresent()
            ? templates.render(watch, revision.get(), resource)
            : templates.render(watch, resource);
    for (RenderedObject object : objects) {
      rendered.add(object.ref().identity());
      entries.add(
          compare(
              object, owner, listed.contains(object.ref().identity()), watch.ignoreDifferences()));
    }
    Set<ObjectRef.Identity> pruned = new HashSet<>();
    for (ObjectRef ref : inventory) {
      if (rendered.contains(ref.identity()) || !pruned.add(ref.identity())) {
        continue;
      }
      Map<String, Object> live = get(ref);
      if (live != null
          && ManagedLabels.isManaged(live)
          && Claim.judge(ref, live, owner, true).standing() == Standing.OURS) {
        Map<String, Object> before = DiffSanitizer.sanitize(live, null).before();
        Action action = Lifecycle.of(live).keep() ? Action.ORPHAN : Action.PRUNE;
        entries.add(PlanEntry.unrendered(ref, action, before));
      }
    }
    return new Plan(entries);
  }

  private PlanEntry compare(
      RenderedObject object,
      Owner owner,
      boolean inInventory,
      List<IgnoreDifference> ignoreDifferences) {
    Map<String, Object> live = get(object.ref());
    Claim claim = live == null ? null : Claim.judge(object.ref(), live, owner, inInventory);
    IgnoredFields.Result sent =
        IgnoredFields.apply(object.ref(), object.body(), live, ignoreDifferences);
    Map<String, Object> merged = asMap(dryRun.apply(object.ref(), sent.body()));
    DiffSanitizer.Sides sides = DiffSanitizer.sanitize(live, merged);
    JsonNode patch =
        JsonPatches.between(sides.before() == null ? Map.of() : sides.before(), sides.after());
    Action action;
    if (claim == null) {
      action = Action.CREATE;
    } else if (claim.standing() != Standing.OURS) {
      action = claim.standing() == Standing.ADOPT ? Action.ADOPT : Action.CONFLICT;
    } else if (patch.isEmpty() || Lifecycle.of(object.body()).createOnly()) {
      action = Action.UNCHANGED;
      patch = JSON.createArrayNode();
    } else {
      action = Action.UPDATE;
    }
    return new PlanEntry(
        object.ref(),
        action,
        sides.after(),
        sides.before(),
        Patch.of(patch),
        object.template(),
        claim == null || claim.standing() == Standing.OURS ? null : claim,
        sent.fields());
  }

  private TemplatedKind watchOf(ObjectRef ref) {
    return templates
        .watchFor(ref.apiVersion(), ref.kind())
        .orElseThrow(
            () ->
                new OperatorException(
                    ref
                        + " has apiVersion "
                        + ref.apiVersion()
                        + " and kind "
                        + ref.kind()
                        + ", which watches.yaml does not list."));
  }

  /** The live object, or null when it does not exist. */
  private Map<String, Object> get(ObjectRef ref) {
    try {
      var named =
          Scoped.in(client, kind(ref.apiVersion(), ref.kind()), ref.namespace())
              .withName(ref.name());
      GenericKubernetesResource live = named.get();
      return live == null ? null : asMap(live);
    } catch (KubernetesClientException e) {
      throw new ApplyException(ref, "get", e.getCode(), reasonOf(e), e);
    }
  }

  private List<GenericKubernetesResource> list(TemplatedKind watch, String namespace) {
    String where = namespace == null ? "all namespaces" : "namespace " + namespace;
    try {
      var operation = client.genericKubernetesResources(kind(watch.apiVersion(), watch.kind()));
      return namespace == null
          ? operation.inAnyNamespace().list().getItems()
          : operation.inNamespace(namespace).list().getItems();
    } catch (KubernetesClientException e) {
      throw new OperatorException(
          "Cannot list " + watch.kind() + " in " + where + ": " + reasonOf(e), e);
    }
  }

  private ResourceDefinitionContext kind(String apiVersion, String kind) {
    try {
      return kinds.resolve(apiVersion, kind);
    } catch (KubernetesClientException e) {
      throw new OperatorException(
          "Cannot ask the API server at "
              + client.getMasterUrl()
              + " which resource serves "
              + kind
              + " in "
              + apiVersion
              + ": "
              + reasonOf(e),
          e);
    }
  }

  /** The API server's words, or, when it never answered, why the connection failed. */
  private static String reasonOf(KubernetesClientException e) {
    Throwable cause = e;
    while (e.getStatus() == null && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause == e ? Applier.reasonOf(e) : cause.toString();
  }

  private Map<String, Object> asMap(GenericKubernetesResource resource) {
    return ResourceMaps.of(client.getKubernetesSerialization(), resource);
  }
}
