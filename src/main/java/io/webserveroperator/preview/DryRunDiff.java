package io.webserveroperator.preview;

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
import io.webserveroperator.diff.JsonPatches;
import io.webserveroperator.diff.Patch;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.kube.Scoped;
import io.webserveroperator.manifest.HookRun;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.OwnershipPatch;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.RenderedParts;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.status.HookRecords;
import io.webserveroperator.template.Rendered;
import io.webserveroperator.template.SecretValues;
import io.webserveroperator.template.TemplateInput;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What applying the templates to a resource would change in the cluster, planned by the one {@link
 * Planner} the operator runs with and shown as the API server would make it, as {@code kubectl diff
 * --server-side} does. Sends only GET and LIST requests and writes with {@code dryRun=All}.
 *
 * <p>For one resource:
 *
 * <ol>
 *   <li>Read the resource from the cluster. When it exists, render with its {@code uid}, so that
 *       owner references match the live children, and take its status inventory.
 *   <li>Render it through the templates of its kind, or a stored revision of them ({@link
 *       LiveSelection}), its children and lookups read from the API server ({@link LiveReads}).
 *   <li>Plan with the operator's {@link Planner}, reading live objects from the API server instead
 *       of the operator's caches: the actions are exactly those a reconcile would take.
 *   <li>Show each write as the API server answers its dry run: a server-side apply with the
 *       operator's field manager (then, in memory, the ownership patch a reconcile sends after it),
 *       or, for a create-only object, the ownership patch alone. Both sides are sanitised ({@link
 *       DiffSanitizer}); the patch is the RFC 6902 difference between them.
 * </ol>
 *
 * <p>Blocks on the API server; not meant to be shared between threads.
 */
public final class DryRunDiff {

  private final KubernetesClient client;
  private final KindResolver kinds;
  private final TemplateRegistry templates;
  private final Applier dryRun;
  private final Planner planner = new Planner();
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
    Inventory inventory = Inventory.empty();
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
    List<Plan> plans = new ArrayList<>();
    for (TemplatedKind watch : templates.watches()) {
      for (LiveSelection.Pick pick : selection.select(watch, list(watch, namespace))) {
        Map<String, Object> resource = admission.withDefaults(asMap(pick.resource()));
        Map<String, Object> status = UntypedMaps.getMap(resource, "status");
        plans.add(plan(watch, resource, Inventory.fromStatus(status), pick.revision()));
      }
    }
    return Plan.of(plans);
  }

  private Plan plan(
      TemplatedKind watch,
      Map<String, Object> resource,
      Inventory inventory,
      Optional<String> revision) {
    TemplateInput input = TemplateInput.of(resource);
    Owner owner = Owner.of(resource);
    Rendered rendered =
        templates
            .resolve(watch, revision, input.describe())
            .render(input, new LiveReads(client, kinds, inventory));
    RenderedParts parts = RenderedParts.of(rendered.objects());
    List<RenderedObject> hooks = parts.hooks();
    List<RenderedObject> desired = parts.children();
    Plan plan =
        planner.plan(
            desired,
            ref -> Optional.ofNullable(get(ref)),
            inventory,
            owner,
            watch.ignoreDifferences());
    List<PlanEntry> shown = new ArrayList<>();
    for (PlanEntry entry : plan.entries()) {
      shown.addAll(show(entry, owner, rendered.secrets()));
    }
    // As the operator applies them: wave by wave, the objects no longer rendered last.
    shown.sort(Comparator.comparingInt(DryRunDiff::wave));
    HookRecords records = HookRecords.fromStatus(UntypedMaps.getMap(resource, "status"));
    return new Plan(shown, plan.released(), hooksToRun(hooks, records, inventory.isEmpty()));
  }

  /**
   * The hooks a change would run, in the order they would: the pre-install or pre-upgrade hooks
   * whose rendering has not run yet, then the post ones.
   */
  private static List<String> hooksToRun(
      List<RenderedObject> hooks, HookRecords records, boolean nothingApplied) {
    boolean installing = records.installing(nothingApplied);
    List<String> runs = new ArrayList<>();
    for (Ordering.Hook moment :
        installing
            ? List.of(Ordering.Hook.PRE_INSTALL, Ordering.Hook.POST_INSTALL)
            : List.of(Ordering.Hook.PRE_UPGRADE, Ordering.Hook.POST_UPGRADE)) {
      hooks.stream()
          .filter(hook -> Ordering.of(hook.body()).hooks().contains(moment))
          .sorted(Comparator.comparingInt(hook -> Ordering.of(hook.body()).wave()))
          .map(HookRun::of)
          .filter(run -> !records.done(moment, run.hook(), run.ref()))
          .forEach(run -> runs.add(moment.text() + " " + run.ref()));
    }
    return runs;
  }

  private static int wave(PlanEntry entry) {
    if (entry.action().unrendered()) {
      return Integer.MAX_VALUE;
    }
    return Ordering.of(entry.desired()).wave();
  }

  /**
   * The entry as the API server would make it: its sides sanitised (a Secret's values masked) and
   * the values of the Secrets the render read masked wherever it printed them, their difference its
   * patch. An UPDATE or ADOPT whose dry run meets the refusal a reconcile would meet is planned
   * again as the reconcile plans it ({@link Planner#refused}): RECREATE, EXPAND_CLAIM or REFUSED
   * entries.
   */
  private List<PlanEntry> show(PlanEntry entry, Owner owner, SecretValues read) {
    Map<String, Object> after;
    try {
      after =
          switch (entry.action()) {
            case UNCHANGED -> entry.live();
            case PRUNE, ORPHAN -> null;
            case CREATE, UPDATE, ADOPT, CONFLICT -> dryRun(entry, owner);
            case RECREATE, EXPAND_CLAIM, REFUSED ->
                throw new IllegalArgumentException("planned only after a refusal: " + entry);
          };
    } catch (ApplyException e) {
      List<PlanEntry> replanned =
          planner.refused(entry, e.refusal(), () -> dryRun.acceptedAsNew(entry), dryRun::claims);
      if (replanned.isEmpty()) {
        throw e;
      }
      return afterRefusal(replanned, read);
    }
    return List.of(shown(entry, after, read));
  }

  /**
   * Entries planned after a refusal, as the API server would make them: each claim's expansion as
   * its dry run answers (one refused makes the StatefulSet REFUSED, as in a reconcile), the object
   * recreated or refused as rendered, since no dry run can create what exists.
   */
  private List<PlanEntry> afterRefusal(List<PlanEntry> replanned, SecretValues read) {
    List<PlanEntry> shown = new ArrayList<>();
    for (PlanEntry step : replanned) {
      if (step.action() == Action.EXPAND_CLAIM) {
        try {
          shown.add(shown(step, asMap(dryRun.apply(step)), read));
        } catch (ApplyException e) {
          // The claims before it are shown as expanded; it and the StatefulSet as REFUSED.
          List<PlanEntry> stopped = planner.claimRefused(replanned, step, e.refusal());
          stopped
              .subList(shown.size(), stopped.size())
              .forEach(refused -> shown.add(shown(refused, refused.desired(), read)));
          return shown;
        }
      } else {
        shown.add(shown(step, step.desired(), read));
      }
    }
    return shown;
  }

  private static PlanEntry shown(PlanEntry entry, Map<String, Object> after, SecretValues read) {
    DiffSanitizer.Sides sides = DiffSanitizer.sanitize(entry.live(), after);
    Map<String, Object> before = read.maskMap(sides.before());
    Map<String, Object> shown = read.maskMap(sides.after());
    Patch patch =
        entry.action() == Action.UNCHANGED || entry.action().unrendered()
            ? Patch.EMPTY
            : Patch.of(JsonPatches.between(before == null ? Map.of() : before, shown));
    return new PlanEntry(
        entry.ref(),
        entry.action(),
        entry.action().unrendered() ? null : shown,
        before,
        patch,
        entry.template(),
        entry.claim(),
        entry.ignored(),
        entry.note(),
        entry.generated());
  }

  /**
   * What the write a reconcile sends would leave, as the API server answers its dry run: for a
   * create-only object that exists, the ownership patch alone; for any other, the server-side
   * apply, then, in memory, the ownership patch a reconcile sends after it.
   */
  private Map<String, Object> dryRun(PlanEntry entry, Owner owner) {
    boolean exists = entry.action() != Action.CREATE;
    boolean adopting = entry.action() == Action.ADOPT;
    if (exists && entry.action() != Action.CONFLICT && Lifecycle.of(entry.desired()).createOnly()) {
      OwnershipPatch ownership =
          OwnershipPatch.between(entry.desired(), entry.live(), owner, adopting);
      return ownership.isEmpty()
          ? entry.live()
          : asMap(dryRun.patchOwnership(entry.ref(), ownership));
    }
    Map<String, Object> applied = asMap(dryRun.apply(entry.ref(), entry.desired()));
    OwnershipPatch rest = OwnershipPatch.between(entry.desired(), applied, owner, adopting);
    return rest.isEmpty() ? applied : UntypedMaps.mergePatched(applied, rest.mergePatch());
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
