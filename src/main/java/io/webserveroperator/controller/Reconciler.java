package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.OperatorException;
import io.webserveroperator.apply.Applier;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.Pruner;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.kube.ObjectCache;
import io.webserveroperator.kube.OwnerKey;
import io.webserveroperator.kube.ResourceCache;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.status.EventRecorder;
import io.webserveroperator.status.Outcome;
import io.webserveroperator.status.Readiness;
import io.webserveroperator.status.StatusBuilder;
import io.webserveroperator.status.StatusWriteException;
import io.webserveroperator.status.StatusWriter;
import io.webserveroperator.template.RenderException;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplatesInvalidException;
import io.webserveroperator.template.Watch;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Drives one resource to its rendered state: read from the cache, render, plan against the cached
 * children, apply what changed, prune what is gone, write status if it changed. Each step that
 * fails stops the ones after it, so nothing is applied half-way from a broken render and nothing is
 * pruned while an apply failed.
 *
 * <p>Thread-safe; the work queue guarantees one reconcile per key at a time.
 */
public final class Reconciler {

  private final Watch watch;
  private final ResourceDefinitionContext kind;
  private final ResourceCache resources;
  private final TemplateRegistry templates;
  private final ObjectCache children;
  private final Planner planner;
  private final Applier applier;
  private final Pruner pruner;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final KubernetesClient client;
  private final Clock clock;
  private final Cleanup cleanup;
  private final Map<OwnerKey, Integer> lastApplied = new ConcurrentHashMap<>();

  /**
   * The collaborators of a reconciler; all shared across kinds but {@code watch} and {@code kind}.
   */
  public record Parts(
      TemplateRegistry templates,
      ObjectCache children,
      Planner planner,
      Applier applier,
      Pruner pruner,
      StatusWriter statusWriter,
      EventRecorder events,
      KubernetesClient client,
      Clock clock) {}

  public Reconciler(
      Watch watch, ResourceDefinitionContext kind, ResourceCache resources, Parts parts) {
    this.watch = watch;
    this.kind = kind;
    this.resources = resources;
    this.templates = parts.templates();
    this.children = parts.children();
    this.planner = parts.planner();
    this.applier = parts.applier();
    this.pruner = parts.pruner();
    this.statusWriter = parts.statusWriter();
    this.events = parts.events();
    this.client = parts.client();
    this.clock = parts.clock();
    this.cleanup = new Cleanup(client, kind, pruner, events);
  }

  /** Reconciles the resource with that key, as it is in the cache now. */
  public ReconcileResult reconcile(OwnerKey key) {
    Optional<GenericKubernetesResource> cached = resources.get(key);
    if (cached.isEmpty()) {
      // Gone: the garbage collector removes its children through their owner references.
      lastApplied.remove(key);
      return ReconcileResult.nothing();
    }
    GenericKubernetesResource resource = cached.get();
    if (resource.getMetadata().getDeletionTimestamp() != null) {
      lastApplied.remove(key);
      return cleanup.run(resource, Inventory.fromStatus(status(asMap(resource))));
    }
    Map<String, Object> object = asMap(resource);
    Map<String, Object> oldStatus = status(object);
    List<ObjectRef> inventory = Inventory.fromStatus(oldStatus);

    List<RenderedObject> desired;
    try {
      desired = templates.render(watch, object);
    } catch (TemplatesInvalidException e) {
      // The kind's templates did not load: an edit of the templates, not of this resource, fixes
      // it.
      return failedBeforeApply(
          resource,
          oldStatus,
          inventory,
          ReconcileFailure.terminal("TemplatesInvalid", "TemplatesInvalid", e));
    } catch (RenderException e) {
      return failedBeforeApply(
          resource,
          oldStatus,
          inventory,
          ReconcileFailure.terminal("RenderFailed", "RenderFailed", e));
    }

    cleanup.guard(resource, desired);

    Plan plan;
    try {
      plan = planner.plan(desired, ref -> children.get(ref).map(this::asMap), inventory);
    } catch (OperatorException e) {
      // A kind the API server does not serve, or an object rendered twice: no retry fixes it.
      return failedBeforeApply(
          resource, oldStatus, inventory, ReconcileFailure.terminal("ApplyFailed", "Invalid", e));
    }
    boolean drift = Integer.valueOf(fingerprint(desired)).equals(lastApplied.get(key));
    List<Change> changes = new ArrayList<>();
    Map<ObjectRef, Map<String, Object>> live = new LinkedHashMap<>();
    Set<ObjectRef> owned = new LinkedHashSet<>(inventory);
    for (PlanEntry entry : plan.entries()) {
      switch (entry.action()) {
        case UNCHANGED -> {
          live.put(entry.ref(), entry.live());
          owned.add(entry.ref());
        }
        case CREATE, UPDATE -> {
          try {
            GenericKubernetesResource applied = applier.apply(entry);
            children.wrote(applied);
            live.put(entry.ref(), asMap(applied));
          } catch (ApplyException e) {
            return applyFailed(resource, oldStatus, owned, changes, e);
          }
          owned.add(entry.ref());
          Change change =
              new Change(entry.ref(), entry.action(), entry.action() == Action.UPDATE && drift);
          changes.add(change);
          recordChange(resource, change);
        }
        case PRUNE -> {
          // Pruned below, once every apply has succeeded.
        }
      }
    }
    for (PlanEntry entry : plan.byAction(Action.PRUNE)) {
      try {
        if (pruner.prune(entry)) {
          Change change = new Change(entry.ref(), Action.PRUNE, false);
          changes.add(change);
          recordChange(resource, change);
        }
      } catch (ApplyException e) {
        return applyFailed(resource, oldStatus, owned, changes, e);
      }
      owned.remove(entry.ref());
    }
    lastApplied.put(key, fingerprint(desired));

    Map<String, Object> templateStatus;
    try {
      templateStatus = templates.renderStatus(watch, object, byKindAndName(live));
    } catch (RenderException e) {
      return failed(
          resource,
          oldStatus,
          owned,
          changes,
          ReconcileFailure.terminal("RenderFailed", "RenderFailed", e));
    }
    Map<ObjectRef, Readiness.Verdict> verdicts = new LinkedHashMap<>();
    live.forEach((ref, child) -> verdicts.put(ref, Readiness.of(child)));
    boolean written =
        writeStatus(
            resource, oldStatus, templateStatus, List.copyOf(owned), Outcome.applied(), verdicts);
    return ReconcileResult.done(changes, written);
  }

  private ReconcileResult applyFailed(
      GenericKubernetesResource resource,
      Map<String, Object> oldStatus,
      Set<ObjectRef> owned,
      List<Change> changes,
      ApplyException e) {
    ReconcileFailure failure =
        e.isInvalid()
            ? ReconcileFailure.terminal("ApplyFailed", "Invalid", e)
            : ReconcileFailure.retriable("ApplyFailed", "ApplyFailed", e);
    return failed(resource, oldStatus, owned, changes, failure);
  }

  /** A step before any apply failed: nothing changed, every object in the inventory is kept. */
  private ReconcileResult failedBeforeApply(
      GenericKubernetesResource resource,
      Map<String, Object> oldStatus,
      List<ObjectRef> inventory,
      ReconcileFailure failure) {
    return failed(resource, oldStatus, inventory, List.of(), failure);
  }

  /**
   * Reports a failed step: a Warning event, and a status whose conditions say why, keeping the
   * template's fields and every object still owned. A terminal failure waits for a change of the
   * resource or its templates; any other is retried after its backoff.
   */
  private ReconcileResult failed(
      GenericKubernetesResource resource,
      Map<String, Object> oldStatus,
      Collection<ObjectRef> owned,
      List<Change> changes,
      ReconcileFailure failure) {
    String message = failure.cause().getMessage();
    events.warning(resource, failure.event(), message);
    Outcome outcome = Outcome.failed(failure.reason(), message);
    boolean written = writeStatus(resource, oldStatus, null, List.copyOf(owned), outcome, Map.of());
    return failure.terminal()
        ? ReconcileResult.waitForChange(changes, written, message)
        : ReconcileResult.retry(changes, written, message);
  }

  private void recordChange(GenericKubernetesResource resource, Change change) {
    String reason =
        switch (change.action()) {
          case CREATE -> "Created";
          case UPDATE -> change.drift() ? "DriftCorrected" : "Updated";
          case PRUNE -> "Pruned";
          case UNCHANGED -> throw new IllegalStateException("no event for unchanged objects");
        };
    events.normal(resource, reason, change.describe());
  }

  private boolean writeStatus(
      GenericKubernetesResource resource,
      Map<String, Object> oldStatus,
      Map<String, Object> templateStatus,
      List<ObjectRef> inventory,
      Outcome outcome,
      Map<ObjectRef, Readiness.Verdict> verdicts) {
    Long generation = resource.getMetadata().getGeneration();
    Map<String, Object> newStatus =
        StatusBuilder.build(
            oldStatus,
            generation == null ? 0 : generation,
            templateStatus,
            inventory,
            outcome,
            verdicts,
            clock.instant());
    try {
      Optional<GenericKubernetesResource> written =
          statusWriter.write(kind, resource, oldStatus, newStatus);
      written.ifPresent(resources::wrote);
      return written.isPresent();
    } catch (StatusWriteException e) {
      if (e.code() == 404) {
        return false;
      }
      throw e;
    }
  }

  private static Map<String, Map<String, Map<String, Object>>> byKindAndName(
      Map<ObjectRef, Map<String, Object>> live) {
    Map<String, Map<String, Map<String, Object>>> byKind = new LinkedHashMap<>();
    live.forEach(
        (ref, object) -> {
          if (object != null) {
            byKind.computeIfAbsent(ref.kind(), k -> new LinkedHashMap<>()).put(ref.name(), object);
          }
        });
    return byKind;
  }

  private static int fingerprint(List<RenderedObject> desired) {
    return desired.stream().map(RenderedObject::body).toList().hashCode();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> status(Map<String, Object> object) {
    return object.get("status") instanceof Map<?, ?> status ? (Map<String, Object>) status : null;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> asMap(GenericKubernetesResource resource) {
    return client.getKubernetesSerialization().convertValue(resource, Map.class);
  }
}
