package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.OperatorException;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.apply.ChangeSetExecutor;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.apply.OwnershipConflictException;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.rollout.RevisionChoice;
import io.webserveroperator.rollout.RevisionChooser;
import io.webserveroperator.status.EventSink;
import io.webserveroperator.status.Outcome;
import io.webserveroperator.status.Readiness;
import io.webserveroperator.status.StatusBuilder;
import io.webserveroperator.status.StatusWriter;
import io.webserveroperator.template.ReadinessRules;
import io.webserveroperator.template.RenderException;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplateRevision;
import io.webserveroperator.template.TemplatesInvalidException;
import io.webserveroperator.template.watches.TemplatedKind;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Drives one resource to its rendered state, in the six steps of README's concept diagram: read the
 * resource from the cache, render it, plan against the cached children, apply and prune, write
 * status if it changed, and say what the work queue does next. A step that fails reports why (a
 * Warning event and the Ready condition) and stops the steps after it, so nothing is applied from a
 * broken render and nothing is pruned while an apply failed. Nor is anything pruned before every
 * rendered child is ready ({@link PruneDeferrals}): a later reconcile, brought by a child's status
 * change, prunes. A reconcile that finds what the last successful one left ({@link SettledInputs})
 * ends after step 1: nothing it reads has changed. So does a resource whose {@link
 * ResourceAnnotations} disable its reconciles; a new reconcile request among them runs every step
 * even when its inputs are settled.
 *
 * <p>Thread-safe; the work queue guarantees one reconcile per resource at a time.
 */
public final class Reconciler {

  /** The Ready reason of a resource whose templates render someone else's object. */
  static final String OWNERSHIP_CONFLICT = "OwnershipConflict";

  /** The Ready reason of a resource pinned to a template revision that is not stored. */
  static final String REVISION_NOT_FOUND = "RevisionNotFound";

  /** The Warning event of a resource whose template revision is gone. */
  static final String REVISION_GONE = "TemplateRevisionGone";

  private final TemplatedKind watch;
  private final ReadCache resources;
  private final TemplateRegistry templates;
  private final ReadCache children;
  private final Planner planner;
  private final ChangeSetExecutor executor;
  private final StatusReporter status;
  private final EventSink events;
  private final RevisionChooser revisions;
  private final Cleanup cleanup;
  private final PruneDeferrals deferrals;
  private final KubernetesSerialization serialization;
  private final Map<ObjectRef, Integer> lastApplied = new ConcurrentHashMap<>();
  private final Map<ObjectRef, SettledInputs> settled = new ConcurrentHashMap<>();

  /** Resources whose last reconcile found someone else's object: look before creating. */
  private final Set<ObjectRef> conflicted = ConcurrentHashMap.newKeySet();

  /** The unknown {@code reconcile} annotation value each resource was warned about. */
  private final Map<ObjectRef, String> warnedValues = new ConcurrentHashMap<>();

  /**
   * The collaborators of a reconciler, shared across kinds. {@code client} serialises objects and
   * edits the clean-up finalizer; every other request goes through the writers. {@code applies}
   * sends all but one of a reconcile's applies while its worker sends the last ({@link
   * ChangeSetExecutor}); {@code Runnable::run} sends them one after the other.
   */
  public record Parts(
      TemplateRegistry templates,
      ReadCache children,
      Planner planner,
      ObjectWriter writer,
      Executor applies,
      StatusWriter statusWriter,
      EventSink events,
      KubernetesClient client,
      Clock clock,
      RevisionChooser revisions) {}

  /**
   * @param watch the watched kind and its templates
   * @param kind the watched kind as the API server serves it
   * @param resources the cache of the watched resources of that kind
   */
  public Reconciler(
      TemplatedKind watch, ResourceDefinitionContext kind, ReadCache resources, Parts parts) {
    this.watch = watch;
    this.resources = resources;
    this.templates = parts.templates();
    this.children = parts.children();
    this.planner = parts.planner();
    this.status =
        new StatusReporter(watch, kind, resources, templates, parts.statusWriter(), parts.clock());
    this.events = parts.events();
    this.revisions = parts.revisions();
    this.serialization = parts.client().getKubernetesSerialization();
    this.executor = new ChangeSetExecutor(parts.writer(), children, serialization, parts.applies());
    this.cleanup = new Cleanup(parts.client(), kind, parts.writer(), events);
    this.deferrals = new PruneDeferrals(events);
  }

  /** Reconciles the resource that {@code ref} names, as it is in the cache now. */
  public ReconcileResult reconcile(ObjectRef ref) {
    // 1. The resource, from the cache: no API call.
    Optional<GenericKubernetesResource> cached = resources.get(ref);
    if (cached.isEmpty()) {
      // Gone: the garbage collector removes its children through their owner references.
      forget(ref);
      return ReconcileResult.nothing();
    }
    ObservedResource observed = ObservedResource.of(cached.get(), asMap(cached.get()));
    boolean disabled = ResourceAnnotations.disabled(observed.resource());
    if (observed.resource().getMetadata().getDeletionTimestamp() != null) {
      forget(ref);
      // Suspended, it deletes nothing, as Flux prunes nothing of a suspended Kustomization.
      return disabled
          ? cleanup.release(observed.resource(), observed.inventory(), observed.kept())
          : cleanup.run(observed.resource(), observed.inventory(), observed.kept());
    }
    if (disabled) {
      return suspend(ref, observed);
    }
    warnOfUnknownReconcileValue(ref, observed.resource());
    boolean requested = newRequest(observed).isPresent();
    RevisionChoice choice = revisions.choose(watch, observed.resource());
    Optional<String> revision =
        choice.hash().or(() -> templates.current(watch).map(TemplateRevision::hash));
    long templatesRevision =
        revision.map(hash -> templates.loadNumber(watch, hash)).orElse(templates.loadNumber(watch));
    SettledInputs last = settled.get(ref);
    if (!requested
        && last != null
        && last.unchanged(observed.resource(), templatesRevision, children)) {
      // Brought back by the watch events of its own writes: nothing it reads has changed since.
      return ReconcileResult.done(List.of(), false);
    }
    try {
      // 2. The desired objects, from the revision its rollout says: pure, nothing applied if it
      // fails.
      refuseUnknownPin(observed, choice);
      choice
          .notice()
          .ifPresent(notice -> events.warning(observed.resource(), REVISION_GONE, notice));
      List<RenderedObject> desired = render(observed, revision);
      cleanup.guard(observed.resource(), desired);
      // 3. The plan against the cached children.
      Plan plan = plan(observed, desired);
      // 4. Apply, then prune.
      ChangeSet changeSet = apply(ref, observed, plan, desired);
      // 5. Status, written only when it changed.
      Optional<GenericKubernetesResource> written =
          writeStatus(observed, revision, changeSet, kept(desired, changeSet, observed.owner()));
      remember(ref, observed.resource(), written, templatesRevision, changeSet);
      // 6. Done: the work queue forgets the key's backoff.
      return ReconcileResult.done(changeSet.changes(), written.isPresent());
    } catch (StepFailed step) {
      settled.remove(ref);
      return failed(observed, step);
    }
  }

  private void remember(
      ObjectRef ref,
      GenericKubernetesResource rendered,
      Optional<GenericKubernetesResource> written,
      long templatesRevision,
      ChangeSet changeSet) {
    GenericKubernetesResource after = written.orElse(rendered);
    if (!sameInputs(rendered, after)) {
      // A change landed before the status write and shows in its answer: not rendered yet.
      settled.remove(ref);
      return;
    }
    SettledInputs.after(
            after.getMetadata().getResourceVersion(), templatesRevision, changeSet.children())
        .ifPresentOrElse(inputs -> settled.put(ref, inputs), () -> settled.remove(ref));
  }

  /** Whether the resource after the status write has the spec and metadata that were rendered. */
  private static boolean sameInputs(
      GenericKubernetesResource rendered, GenericKubernetesResource after) {
    return Objects.equals(
            rendered.getMetadata().getGeneration(), after.getMetadata().getGeneration())
        && Objects.equals(rendered.getMetadata().getLabels(), after.getMetadata().getLabels())
        && Objects.equals(
            rendered.getMetadata().getAnnotations(), after.getMetadata().getAnnotations());
  }

  private void forget(ObjectRef ref) {
    lastApplied.remove(ref);
    settled.remove(ref);
    conflicted.remove(ref);
    warnedValues.remove(ref);
    deferrals.forget(ref);
  }

  /**
   * A suspended resource: the condition {@code Suspended=True} is written once, and nothing else
   * ever, so that a resource nothing touches costs no request. What it applied stays as it is, and
   * changes wait for the reconcile that the removal of the annotation brings.
   */
  private ReconcileResult suspend(ObjectRef ref, ObservedResource observed) {
    settled.remove(ref);
    warnedValues.remove(ref);
    return ReconcileResult.done(List.of(), status.suspended(observed).isPresent());
  }

  /** A Warning event, once per value, when the {@code reconcile} annotation has an unknown one. */
  private void warnOfUnknownReconcileValue(ObjectRef ref, GenericKubernetesResource resource) {
    Optional<String> unknown = ResourceAnnotations.unknownReconcileValue(resource);
    if (unknown.isEmpty()) {
      warnedValues.remove(ref);
    } else if (!unknown.get().equals(warnedValues.put(ref, unknown.get()))) {
      events.warning(
          resource,
          ResourceAnnotations.UNKNOWN_ANNOTATION_VALUE,
          ResourceAnnotations.unknownValueMessage(unknown.get()));
    }
  }

  /** The token of a reconcile request that the status does not record as handled yet. */
  private static Optional<String> newRequest(ObservedResource observed) {
    return ResourceAnnotations.requestedAt(observed.resource())
        .filter(token -> !token.equals(StatusBuilder.lastHandledReconcileAt(observed.status())));
  }

  /** A resource pinned to a revision that is not stored renders nothing until the pin is fixed. */
  private static void refuseUnknownPin(ObservedResource observed, RevisionChoice choice) {
    choice
        .problem()
        .ifPresent(
            problem -> {
              throw StepFailed.beforeApply(
                  observed,
                  ReconcileFailure.terminal(
                      REVISION_NOT_FOUND, REVISION_NOT_FOUND, new OperatorException(problem)));
            });
  }

  private List<RenderedObject> render(ObservedResource observed, Optional<String> revision) {
    try {
      return revision.isPresent()
          ? templates.render(watch, revision.get(), observed.object())
          : templates.render(watch, observed.object());
    } catch (TemplatesInvalidException e) {
      // The kind's templates did not load: an edit of the templates, not of this resource, fixes
      // it.
      throw StepFailed.beforeApply(
          observed, ReconcileFailure.terminal("TemplatesInvalid", "TemplatesInvalid", e));
    } catch (RenderException e) {
      throw StepFailed.beforeApply(
          observed, ReconcileFailure.terminal("RenderFailed", "RenderFailed", e));
    }
  }

  private Plan plan(ObservedResource observed, List<RenderedObject> desired) {
    try {
      return planner.plan(
          desired,
          ref -> children.get(ref).map(this::asMap),
          observed.inventory(),
          observed.owner(),
          watch.ignoreDifferences());
    } catch (OperatorException e) {
      // A kind the API server does not serve, or an object rendered twice: no retry fixes it.
      throw StepFailed.beforeApply(
          observed, ReconcileFailure.terminal("ApplyFailed", "Invalid", e));
    }
  }

  /**
   * Carries out the plan and records one event naming every change, and one when prunes start to
   * wait for the children to be ready; fails on a refusal, after recording what the applies beside
   * it changed.
   */
  private ChangeSet apply(
      ObjectRef ref, ObservedResource observed, Plan plan, List<RenderedObject> desired) {
    int fingerprint = desired.stream().map(RenderedObject::body).toList().hashCode();
    // Rendered the same as last time: an UPDATE puts back what someone else changed.
    boolean updatesAreDrift = Integer.valueOf(fingerprint).equals(lastApplied.get(ref));
    // A conflict may have been resolved by someone we cannot watch: look before creating again.
    boolean lookBeforeCreating =
        conflicted.contains(ref) || OWNERSHIP_CONFLICT.equals(observed.readyReason());
    // Prune last: what the templates no longer render goes once what replaces it is ready.
    ReadinessRules rules = templates.readiness(watch);
    Predicate<Map<String, Object>> ready =
        child -> Readiness.of(child, rules).state() == Readiness.State.READY;
    ChangeSet changeSet =
        executor.execute(
            plan,
            new ChangeSetExecutor.Request(
                observed.owner(),
                observed.inventory(),
                watch.ignoreDifferences(),
                updatesAreDrift,
                lookBeforeCreating,
                ready));
    ChangeEvent.of(changeSet.changes())
        .ifPresent(event -> events.normal(observed.resource(), event.reason(), event.message()));
    if (changeSet.failure() instanceof OwnershipConflictException e) {
      conflicted.add(ref);
      // Someone else's object may be renamed, removed or marked for adoption at any time, and no
      // watch tells: looked at again at a steady pace.
      throw new StepFailed(
          ReconcileFailure.polled(OWNERSHIP_CONFLICT, OWNERSHIP_CONFLICT, e),
          changeSet.owned(),
          changeSet.changes());
    }
    conflicted.remove(ref);
    if (changeSet.failure() instanceof ApplyException e) {
      throw new StepFailed(
          e.isInvalid()
              ? ReconcileFailure.terminal("ApplyFailed", "Invalid", e)
              : ReconcileFailure.retriable("ApplyFailed", "ApplyFailed", e),
          changeSet.owned(),
          changeSet.changes());
    }
    deferrals.record(ref, observed.resource(), changeSet, ready);
    lastApplied.put(ref, fingerprint);
    return changeSet;
  }

  /**
   * Step 5: the status after the applies; a failing status template fails the reconcile, with what
   * the applies changed.
   */
  private Optional<GenericKubernetesResource> writeStatus(
      ObservedResource observed,
      Optional<String> revision,
      ChangeSet changeSet,
      Set<ObjectRef> kept) {
    try {
      return status.applied(observed, revision, changeSet, kept);
    } catch (RenderException e) {
      throw new StepFailed(
          ReconcileFailure.terminal("RenderFailed", "RenderFailed", e),
          changeSet.owned(),
          changeSet.changes());
    }
  }

  /**
   * Reports a failed step: a Warning event, and a status whose conditions say why, keeping the
   * template's fields and every object still owned. A terminal failure waits for a change of the
   * resource or its templates; any other is retried after its backoff.
   */
  private ReconcileResult failed(ObservedResource observed, StepFailed step) {
    ReconcileFailure failure = step.failure;
    String message = failure.cause().getMessage();
    events.warning(observed.resource(), failure.event(), message);
    Outcome outcome = Outcome.failed(failure.reason(), message);
    boolean written = status.failed(observed, step.owned, outcome).isPresent();
    return new ReconcileResult(failure.next(), step.changes, written, message);
  }

  /**
   * The rendered objects whose {@code resource-policy: keep} leaves them in place: those whose
   * template keeps them and whose live copy no owner reference ties to the resource, so that the
   * inventory never calls kept what the garbage collector would delete with it.
   */
  private static Set<ObjectRef> kept(
      List<RenderedObject> desired, ChangeSet changeSet, Owner owner) {
    return desired.stream()
        .filter(object -> Lifecycle.of(object.body()).keep())
        .map(RenderedObject::ref)
        .filter(
            ref ->
                changeSet.children().containsKey(ref)
                    && !owner.isReferencedBy(changeSet.children().get(ref)))
        .collect(Collectors.toSet());
  }

  private Map<String, Object> asMap(GenericKubernetesResource resource) {
    return ResourceMaps.of(serialization, resource);
  }

  /**
   * A step failed: how to report it, what the resource still owns, and the writes made before.
   * Thrown by a step and caught once in {@link #reconcile}; no stack trace, it never leaves.
   */
  private static final class StepFailed extends RuntimeException {
    private final transient ReconcileFailure failure;
    private final transient Collection<ObjectRef> owned;
    private final transient List<Change> changes;

    StepFailed(ReconcileFailure failure, Collection<ObjectRef> owned, List<Change> changes) {
      super(failure.cause().getMessage(), failure.cause(), false, false);
      this.failure = failure;
      this.owned = owned;
      this.changes = changes;
    }

    /** A step before any apply failed: nothing changed, every object in the inventory is kept. */
    static StepFailed beforeApply(ObservedResource observed, ReconcileFailure failure) {
      return new StepFailed(failure, observed.inventory(), List.of());
    }
  }
}
