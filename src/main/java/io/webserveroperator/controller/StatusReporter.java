package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.apply.Wait;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.rollout.Rollouts;
import io.webserveroperator.status.HookRecords;
import io.webserveroperator.status.Outcome;
import io.webserveroperator.status.Reason;
import io.webserveroperator.status.StatusBuilder;
import io.webserveroperator.status.StatusWriteException;
import io.webserveroperator.status.StatusWriter;
import io.webserveroperator.template.ReadinessReport;
import io.webserveroperator.template.RenderException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Step 5 of a {@link Reconciler}, and the report of a step that failed: builds a resource's status
 * (conditions, inventory, the fields of the kind's status template, the reconcile request handled)
 * and writes it only when its JSON patch is non-empty. Each method returns the resource as written,
 * or empty when the status was already right or the resource is gone.
 *
 * <p>Thread-safe: it keeps no state of its own.
 */
final class StatusReporter {

  private final ResourceDefinitionContext kind;
  private final ReadCache resources;
  private final StatusWriter writer;
  private final Clock clock;

  /**
   * @param resources the cache of the watched resources, told of every status written
   */
  StatusReporter(
      ResourceDefinitionContext kind, ReadCache resources, StatusWriter writer, Clock clock) {
    this.kind = kind;
    this.resources = resources;
    this.writer = writer;
    this.clock = clock;
  }

  /**
   * The fields the status template of the revision rendered gives, over the children as they are
   * after the plan was carried out, its lookups answered by the reconcile's reads.
   *
   * @throws RenderException when the status template fails
   */
  Map<String, Object> templateFields(ReconcileContext context, ChangeSet changeSet) {
    return context
        .templates()
        .renderStatus(context.input(), byKindAndName(changeSet.children()), context.reads());
  }

  /**
   * The status after the plan was carried out: the status template's fields, and the children's
   * readiness as judged once after the writes.
   */
  Optional<GenericKubernetesResource> applied(
      ReconcileContext context,
      Map<String, Object> templateFields,
      ChangeSet changeSet,
      HookRecords hooks) {
    Map<String, Object> templateStatus = new LinkedHashMap<>(templateFields);
    // Which templates the children were applied from: what a rollout waits for.
    templateStatus.put(Rollouts.STATUS_FIELD, context.templates().hash());
    if (hooks != null) {
      templateStatus.put(HookRecords.FIELD, hooks.toStatus());
    }
    return write(
        context.observed(),
        templateStatus,
        changeSet.inventory(),
        Outcome.applied(),
        changeSet.readiness(),
        changeSet.waits().stream().map(Wait::message).toList());
  }

  /**
   * The status of a failed step: its conditions say why; the template's fields stay as they were,
   * and the inventory lists every object still owned.
   */
  Optional<GenericKubernetesResource> failed(
      ObservedResource observed, Inventory inventory, Outcome outcome, HookRecords hooks) {
    return write(
        observed,
        hooks == null ? null : Map.of(HookRecords.FIELD, hooks.toStatus()),
        inventory,
        outcome,
        ReadinessReport.none(),
        List.of());
  }

  /** The hook records alone, while a deleted resource's hooks run; written only when changed. */
  Optional<GenericKubernetesResource> hooks(ObservedResource observed, HookRecords hooks) {
    Map<String, Object> status =
        new LinkedHashMap<>(observed.status() == null ? Map.of() : observed.status());
    status.put(HookRecords.FIELD, hooks.toStatus());
    return send(observed, status);
  }

  /**
   * The condition {@code Suspended=True}, written once: empty when the status says so already, so
   * that a resource nothing touches costs no request.
   */
  Optional<GenericKubernetesResource> suspended(ObservedResource observed) {
    if (StatusBuilder.isSuspended(observed.status())) {
      return Optional.empty();
    }
    return send(
        observed,
        StatusBuilder.suspended(
            observed.status(),
            observed.generation(),
            Reason.RECONCILE_DISABLED,
            ResourceAnnotations.suspendedMessage(observed.resource()),
            clock.instant()));
  }

  private Optional<GenericKubernetesResource> write(
      ObservedResource observed,
      Map<String, Object> templateStatus,
      Inventory inventory,
      Outcome outcome,
      ReadinessReport readiness,
      List<String> waits) {
    Map<String, Object> newStatus =
        StatusBuilder.build(
            observed.status(),
            observed.generation(),
            templateStatus,
            inventory,
            outcome,
            readiness,
            waits,
            clock.instant());
    // A reconcile request is handled by the reconcile that ran for it, however that ended, as Flux
    // records it: the conditions say how it went.
    Optional<String> request = ResourceAnnotations.requestedAt(observed.resource());
    if (request.isPresent()) {
      newStatus = StatusBuilder.handled(newStatus, request.get());
    }
    return send(observed, newStatus);
  }

  /** Writes the status if it changed; returns the resource as written. */
  private Optional<GenericKubernetesResource> send(
      ObservedResource observed, Map<String, Object> newStatus) {
    try {
      Optional<GenericKubernetesResource> written =
          writer.write(kind, observed.resource(), observed.status(), newStatus);
      written.ifPresent(resources::wrote);
      return written;
    } catch (StatusWriteException e) {
      if (e.code() == 404) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /** The children as the status template reads them: by kind, then name. */
  private static Map<String, Map<String, Map<String, Object>>> byKindAndName(
      Map<ObjectRef, Map<String, Object>> children) {
    Map<String, Map<String, Map<String, Object>>> byKind = new LinkedHashMap<>();
    children.forEach(
        (ref, object) ->
            byKind.computeIfAbsent(ref.kind(), k -> new LinkedHashMap<>()).put(ref.name(), object));
    return byKind;
  }
}
