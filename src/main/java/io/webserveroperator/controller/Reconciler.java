package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.OperatorException;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.apply.ChangeSetExecutor;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.apply.OwnershipConflictException;
import io.webserveroperator.controller.release.HookRunner;
import io.webserveroperator.controller.release.PlanExecution;
import io.webserveroperator.controller.release.Release;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.kube.LookupSource;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.RenderedParts;
import io.webserveroperator.manifest.StatefulSetClaims;
import io.webserveroperator.rollout.RevisionChoice;
import io.webserveroperator.rollout.RevisionChooser;
import io.webserveroperator.status.EventSink;
import io.webserveroperator.status.HookRecords;
import io.webserveroperator.status.Outcome;
import io.webserveroperator.status.Reason;
import io.webserveroperator.status.StatusWriter;
import io.webserveroperator.template.ParsedRevision;
import io.webserveroperator.template.RenderException;
import io.webserveroperator.template.SecretValues;
import io.webserveroperator.template.TemplateInput;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplatesInvalidException;
import io.webserveroperator.template.UnknownRevisionException;
import io.webserveroperator.template.watches.TemplatedKind;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Drives one resource to its rendered state, in the steps of the concept diagram in
 * docs/how-it-works.md:
 *
 * <ol>
 *   <li>the context: the resource from the cache, the revision it renders from, its templates
 *       resolved, what the operator remembers of it ({@link ReconcileContext});
 *   <li>render it, its children and lookups read from the caches ({@link ReconcileReads}), once
 *       every lookup is answered ({@link LookupRounds});
 *   <li>plan against the cached children (the one {@link Planner}, which {@code diff} uses too);
 *   <li>carry the plan out ({@link PlanExecution}): apply, judge readiness once, prune;
 *   <li>write status if it changed;
 *   <li>say what the work queue does next.
 * </ol>
 *
 * A step that fails reports why (a Warning event and the Ready condition) and stops the steps after
 * it, so nothing is applied from a broken render and nothing is pruned while an apply failed. Nor
 * is anything pruned before every rendered child is ready: a later reconcile, brought by a child's
 * status change, prunes. A reconcile that finds what the last successful one left ({@link
 * SettledInputs}) ends after step 1: nothing it reads has changed, what its templates looked up and
 * the children they read included. So does a resource whose {@link ResourceAnnotations} disable its
 * reconciles; a new reconcile request among them runs every step even when its inputs are settled.
 * A change of a looked-up object brings exactly its readers back: the lookups each render made are
 * handed to the {@link LookupSource}.
 *
 * <p>Thread-safe; the work queue guarantees one reconcile per resource at a time.
 */
public final class Reconciler {

  private final TemplatedKind kind;
  private final ReadCache resources;
  private final TemplateRegistry templates;
  private final ReadCache childCache;
  private final Planner planner;
  private final Release release;
  private final StatusReporter status;
  private final EventSink events;
  private final RevisionChooser revisions;
  private final Cleanup cleanup;
  private final KubernetesSerialization serialization;
  private final ResourceMemories memories;
  private final ReconcileEvents told;
  private final LookupSource lookups;
  private final Clock clock;

  /**
   * The collaborators of a reconciler, shared across kinds. {@code applies} sends all but one of a
   * reconcile's applies while its worker sends the last ({@link ChangeSetExecutor}); {@code
   * Runnable::run} sends them one after the other. {@code lookups} answers the templates' lookups.
   */
  public record Parts(
      TemplateRegistry templates,
      ReadCache children,
      LookupSource lookups,
      Planner planner,
      ObjectWriter writer,
      Executor applies,
      StatusWriter statusWriter,
      EventSink events,
      KubernetesSerialization serialization,
      Clock clock,
      RevisionChooser revisions) {}

  /**
   * @param kind the watched kind and its templates
   * @param served the watched kind as the API server serves it
   * @param resources the cache of the watched resources of that kind
   */
  public Reconciler(
      TemplatedKind kind, ResourceDefinitionContext served, ReadCache resources, Parts parts) {
    this.kind = kind;
    this.resources = resources;
    this.templates = parts.templates();
    this.childCache = parts.children();
    this.planner = parts.planner();
    this.status = new StatusReporter(served, resources, parts.statusWriter(), parts.clock());
    this.events = parts.events();
    this.revisions = parts.revisions();
    this.serialization = parts.serialization();
    this.lookups = parts.lookups();
    this.memories = new ResourceMemories(lookups::forget);
    this.told = new ReconcileEvents(events, memories);
    this.clock = parts.clock();
    ChangeSetExecutor executor =
        new ChangeSetExecutor(parts.writer(), childCache, serialization, parts.applies(), planner);
    HookRunner hooks =
        new HookRunner(executor, parts.writer(), childCache, serialization, parts.clock());
    this.release =
        new Release(new PlanExecution(planner, executor, parts.writer(), serialization), hooks);
    this.cleanup =
        new Cleanup(
            parts.writer(), events, childCache, serialization, hooks, status, parts.clock());
  }

  /** Reconciles the resource that {@code ref} names, as it is in the cache now. */
  public ReconcileResult reconcile(ObjectRef ref) {
    Optional<GenericKubernetesResource> cached = resources.get(ref);
    if (cached.isEmpty()) {
      // Gone: the garbage collector removes its children through their owner references.
      told.claimsOfDeleted(ref, memories.forget(ref));
      return ReconcileResult.nothing();
    }
    ObservedResource observed =
        ObservedResource.of(ref, cached.get(), ResourceMaps.of(serialization, cached.get()));
    boolean disabled = ResourceAnnotations.disabled(observed.resource());
    if (observed.deleting()) {
      told.claims(observed.resource(), memories.forget(ref), "goes with " + observed.owner());
      // Suspended, it deletes nothing, as Flux prunes nothing of a suspended Kustomization.
      return disabled ? cleanup.skip(observed) : cleanup.run(observed, () -> deleteHooks(observed));
    }
    if (disabled) {
      return suspend(observed);
    }
    told.warnOfUnknownReconcileValue(observed);
    boolean requested = ResourceAnnotations.newRequest(observed).isPresent();
    ReconcileReads reads = null;
    try {
      // 1. The context: the revision to render from, resolved once.
      ParsedRevision revision = resolve(observed);
      ResourceMemory memory = memories.of(ref);
      if (!requested
          && memory.settled().isPresent()
          && memory
              .settled()
              .get()
              .unchanged(
                  observed.resource(),
                  revision.parseId(),
                  childCache,
                  ReconcileReads.now(observed.inventory(), childCache, lookups))) {
        // Brought back by the watch events of its own writes: nothing it reads has changed since.
        return ReconcileResult.done(List.of(), false);
      }
      reads = new ReconcileReads(ref, observed.inventory(), childCache, lookups, serialization);
      ReconcileContext context =
          new ReconcileContext(observed, revision, input(observed), memory, reads);
      // 2. The desired objects: pure, nothing applied if it fails.
      List<RenderedObject> rendered = render(context);
      guardCleanup(observed, rendered);
      RenderedParts parts = RenderedParts.of(rendered);
      List<RenderedObject> desired = parts.children();
      List<RenderedObject> hooks = parts.hooks();
      // 3. The plan against the cached children.
      Plan plan = plan(context, desired);
      // 4. Apply, judge readiness, prune.
      Release.Result released = apply(context, plan, desired, hooks);
      ChangeSet changeSet = released.changeSet();
      // 5. Status, written only when it changed.
      Optional<GenericKubernetesResource> written =
          writeStatus(context, changeSet, released.hooks());
      remember(context, written, changeSet);
      // 6. Done: the work queue forgets the key's backoff; a hook that runs is looked at again
      // when its timeout ends, which no watch event tells.
      if (released.lookAgainAt().isPresent()) {
        return ReconcileResult.later(
            changeSet.changes(),
            written.isPresent(),
            Duration.between(clock.instant(), released.lookAgainAt().get()).plusSeconds(1));
      }
      return ReconcileResult.done(changeSet.changes(), written.isPresent());
    } catch (StepFailed step) {
      memories.update(ref, memory -> memory.withSettled(Optional.empty()));
      return failed(observed, step, reads == null ? SecretValues.NONE : reads.secrets());
    } finally {
      if (reads != null) {
        // A change of what this render looked up re-renders it; of nothing else it read before.
        lookups.readBy(ref, reads.made());
      }
    }
  }

  /**
   * Step 1: the revision the resource renders from, as its rollout chooses, parsed. A resource
   * pinned to a revision that is not stored renders nothing until the pin is fixed.
   */
  private ParsedRevision resolve(ObservedResource observed) {
    RevisionChoice choice = revisions.choose(kind, observed.resource());
    if (choice.problem().isPresent()) {
      throw StepFailed.beforeApply(
          observed,
          ReconcileFailure.terminal(
              Reason.REVISION_NOT_FOUND,
              Reason.REVISION_NOT_FOUND,
              new OperatorException(choice.problem().get())));
    }
    choice
        .notice()
        .ifPresent(
            notice -> events.warning(observed.resource(), Reason.TEMPLATE_REVISION_GONE, notice));
    String resource = observed.owner().toString();
    try {
      return templates.resolve(kind, choice.hash(), resource);
    } catch (TemplatesInvalidException e) {
      // The kind's templates did not load: an edit of the templates, not of this resource, fixes
      // it.
      throw StepFailed.beforeApply(
          observed,
          ReconcileFailure.terminal(Reason.TEMPLATES_INVALID, Reason.TEMPLATES_INVALID, e));
    } catch (UnknownRevisionException e) {
      throw StepFailed.beforeApply(
          observed,
          ReconcileFailure.terminal(Reason.REVISION_NOT_FOUND, Reason.REVISION_NOT_FOUND, e));
    }
  }

  /**
   * The hooks a resource being deleted runs, as its templates render them now; none, said in a
   * Warning event, when they cannot be rendered: a broken template never blocks a deletion.
   */
  private Cleanup.DeleteHooks deleteHooks(ObservedResource observed) {
    try {
      ParsedRevision revision = resolve(observed);
      List<RenderedObject> hooks =
          RenderedParts.of(revision.render(input(observed)))
              .hooksAt(Ordering.Hook.PRE_DELETE, Ordering.Hook.POST_DELETE);
      return new Cleanup.DeleteHooks(
          hooks,
          new HookRunner.For(
              observed.owner(), observed.generation(), revision.hash(), revision.readiness()));
    } catch (StepFailed | RenderException e) {
      events.warning(
          observed.resource(),
          Reason.HOOK_FAILED,
          "The delete hooks cannot be rendered ("
              + e.getMessage()
              + "); the resource is deleted without them");
      return new Cleanup.DeleteHooks(List.of(), null);
    }
  }

  /** The resource as its templates read it, copied once for every template of the reconcile. */
  private static TemplateInput input(ObservedResource observed) {
    try {
      return TemplateInput.of(observed.object());
    } catch (RenderException e) {
      throw StepFailed.beforeApply(
          observed, ReconcileFailure.terminal(Reason.RENDER_FAILED, Reason.RENDER_FAILED, e));
    }
  }

  /**
   * Step 2, once every lookup is answered ({@link LookupRounds}). A lookup that cannot be answered
   * (the operator may not list its kind there, or the API server does not serve it) fails the
   * render and is looked at again at a steady pace: granting the RBAC or installing the CRD is a
   * change no watch sees.
   */
  private List<RenderedObject> render(ReconcileContext context) {
    ReconcileReads reads = context.reads();
    try {
      return LookupRounds.render(
              reads, lookups, () -> context.templates().render(context.input(), reads))
          .objects();
    } catch (RenderException e) {
      throw StepFailed.beforeApply(
          context.observed(),
          reads.failed()
              ? ReconcileFailure.polled(Reason.RENDER_FAILED, Reason.RENDER_FAILED, e)
              : ReconcileFailure.terminal(Reason.RENDER_FAILED, Reason.RENDER_FAILED, e));
    } catch (LookupRounds.Pending e) {
      throw StepFailed.beforeApply(
          context.observed(),
          ReconcileFailure.retriable(Reason.LOOKUP_PENDING, Reason.LOOKUP_PENDING, e));
    }
  }

  /** The clean-up finalizer, before objects the garbage collector cannot remove are applied. */
  private void guardCleanup(ObservedResource observed, List<RenderedObject> desired) {
    try {
      cleanup.guard(observed, desired);
    } catch (ApplyException e) {
      throw StepFailed.beforeApply(
          observed, ReconcileFailure.retriable(Reason.APPLY_FAILED, Reason.APPLY_FAILED, e));
    }
  }

  private Plan plan(ReconcileContext context, List<RenderedObject> desired) {
    try {
      return planner.plan(
          desired,
          ref -> childCache.get(ref).map(child -> ResourceMaps.of(serialization, child)),
          context.observed().inventory(),
          context.observed().owner(),
          kind.ignoreDifferences());
    } catch (OperatorException e) {
      // A kind the API server does not serve, or an object rendered twice: no retry fixes it.
      throw StepFailed.beforeApply(
          context.observed(), ReconcileFailure.terminal(Reason.APPLY_FAILED, Reason.INVALID, e));
    }
  }

  /**
   * Carries out the plan and records one event naming every change, and one when prunes start to
   * wait for the children to be ready; fails on a refusal, after recording what the applies beside
   * it changed.
   */
  private Release.Result apply(
      ReconcileContext context,
      Plan plan,
      List<RenderedObject> desired,
      List<RenderedObject> hooks) {
    ObservedResource observed = context.observed();
    ResourceMemory memory = context.memory();
    int renderHash = desired.stream().map(RenderedObject::body).toList().hashCode();
    Release.Result released =
        release.carryOut(
            plan,
            new PlanExecution.Request(
                observed.owner(),
                observed.inventory(),
                kind.ignoreDifferences(),
                context.templates().readiness(),
                // Rendered the same as last time: an UPDATE puts back what someone else changed.
                Objects.equals(memory.renderHash(), renderHash),
                // A conflict may have been resolved by someone we cannot watch: look first.
                memory.conflicted()
                    || Reason.OWNERSHIP_CONFLICT.text().equals(observed.readyReason())),
            hooks,
            HookRecords.fromStatus(observed.status()),
            observed.inventory().isEmpty(),
            new HookRunner.For(
                observed.owner(),
                observed.generation(),
                context.templates().hash(),
                context.templates().readiness()));
    ChangeSet changeSet = released.changeSet();
    told.tell(observed, memory, plan, changeSet);
    boolean conflicted = changeSet.failure() instanceof OwnershipConflictException;
    memories.update(observed.ref(), m -> m.withConflicted(conflicted));
    if (conflicted) {
      // Someone else's object may be renamed, removed or marked for adoption at any time, and no
      // watch tells: looked at again at a steady pace.
      throw new StepFailed(
          ReconcileFailure.polled(
              Reason.OWNERSHIP_CONFLICT, Reason.OWNERSHIP_CONFLICT, changeSet.failure()),
          changeSet,
          released.hooks());
    }
    if (changeSet.failure() instanceof ApplyException e) {
      throw new StepFailed(ReconcileFailure.of(e), changeSet, released.hooks());
    }
    if (released.hookFailure().isPresent()) {
      // Fails the same way until the resource or its templates change: then it runs again.
      throw new StepFailed(
          ReconcileFailure.terminal(
              Reason.HOOK_FAILED,
              Reason.HOOK_FAILED,
              new OperatorException(released.hookFailure().get())),
          changeSet,
          released.hooks());
    }
    if (released.planSent()) {
      memories.update(observed.ref(), m -> m.withRenderHash(renderHash));
    }
    return released;
  }

  /** How many of the kind's resources have objects that wait, for the waiting gauge. */
  public int waitingResources() {
    return memories.waiting();
  }

  /**
   * Step 5: the status after the applies; a failing status template fails the reconcile, with what
   * the applies changed.
   */
  private Optional<GenericKubernetesResource> writeStatus(
      ReconcileContext context, ChangeSet changeSet, HookRecords hooks) {
    Map<String, Object> fields;
    try {
      fields =
          LookupRounds.render(
              context.reads(), lookups, () -> status.templateFields(context, changeSet));
    } catch (RenderException e) {
      throw new StepFailed(
          context.reads().failed()
              ? ReconcileFailure.polled(Reason.RENDER_FAILED, Reason.RENDER_FAILED, e)
              : ReconcileFailure.terminal(Reason.RENDER_FAILED, Reason.RENDER_FAILED, e),
          changeSet,
          hooks);
    } catch (LookupRounds.Pending e) {
      throw new StepFailed(
          ReconcileFailure.retriable(Reason.LOOKUP_PENDING, Reason.LOOKUP_PENDING, e),
          changeSet,
          hooks);
    }
    return status.applied(context, fields, changeSet, hooks);
  }

  /** Remembers what a successful reconcile left, so that the next one can tell nothing changed. */
  private void remember(
      ReconcileContext context, Optional<GenericKubernetesResource> written, ChangeSet changeSet) {
    GenericKubernetesResource rendered = context.observed().resource();
    GenericKubernetesResource after = written.orElse(rendered);
    // A change that landed before the status write shows in its answer: not rendered yet.
    // While objects or hooks wait, what they wait for may change unseen by the children's
    // versions (a hook's run is no child): every event looks again.
    Optional<SettledInputs> settled =
        SettledInputs.sameInputs(rendered, after) && changeSet.waits().isEmpty()
            ? SettledInputs.after(
                after.getMetadata().getResourceVersion(),
                context.templates().parseId(),
                changeSet.children(),
                context.reads())
            : Optional.empty();
    List<StatefulSetClaims> statefulSets =
        changeSet.children().values().stream()
            .map(StatefulSetClaims::of)
            .flatMap(Optional::stream)
            .toList();
    memories.update(
        context.observed().ref(),
        memory ->
            memory
                .withSettled(settled)
                .withStatefulSets(rendered.getMetadata().getUid(), statefulSets));
  }

  /**
   * A suspended resource: the condition {@code Suspended=True} is written once, and nothing else
   * ever, so that a resource nothing touches costs no request. What it applied stays as it is, and
   * changes wait for the reconcile that the removal of the annotation brings.
   */
  private ReconcileResult suspend(ObservedResource observed) {
    memories.update(
        observed.ref(), memory -> memory.withSettled(Optional.empty()).withWarnedValue(null));
    return ReconcileResult.done(List.of(), status.suspended(observed).isPresent());
  }

  /**
   * Reports a failed step: a Warning event, and a status whose conditions say why, keeping the
   * template's fields and every object still owned. A terminal failure waits for a change of the
   * resource or its templates; any other is retried after its backoff. The values of the Secrets
   * the reconcile read are masked in the message.
   */
  private ReconcileResult failed(ObservedResource observed, StepFailed step, SecretValues read) {
    ReconcileFailure failure = step.failure();
    // An API server's refusal may quote a value a template printed from a Secret it read.
    String message = read.mask(failure.cause().getMessage());
    events.warning(observed.resource(), failure.event(), message);
    Outcome outcome = Outcome.failed(failure.reason(), message);
    boolean written = status.failed(observed, step.inventory(), outcome, step.hooks()).isPresent();
    return new ReconcileResult(failure.next(), step.changes(), written, message);
  }
}
