package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.rollout.Rollouts;
import io.webserveroperator.status.Outcome;
import io.webserveroperator.status.Readiness;
import io.webserveroperator.status.StatusBuilder;
import io.webserveroperator.status.StatusWriteException;
import io.webserveroperator.status.StatusWriter;
import io.webserveroperator.template.ReadinessRules;
import io.webserveroperator.template.RenderException;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Step 5 of a {@link Reconciler}, and the report of a step that failed: builds a resource's status
 * (conditions, inventory, the fields of the kind's status template, the reconcile request handled)
 * and writes it only when its JSON patch is non-empty. Each method returns the resource as written,
 * or empty when the status was already right or the resource is gone.
 *
 * <p>Thread-safe: it keeps no state of its own.
 */
final class StatusReporter {

  private final TemplatedKind watch;
  private final ResourceDefinitionContext kind;
  private final ReadCache resources;
  private final TemplateRegistry templates;
  private final StatusWriter writer;
  private final Clock clock;

  /**
   * @param resources the cache of the watched resources, told of every status written
   */
  StatusReporter(
      TemplatedKind watch,
      ResourceDefinitionContext kind,
      ReadCache resources,
      TemplateRegistry templates,
      StatusWriter writer,
      Clock clock) {
    this.watch = watch;
    this.kind = kind;
    this.resources = resources;
    this.templates = templates;
    this.writer = writer;
    this.clock = clock;
  }

  /**
   * The status after the plan was carried out: the status template rendered over the children as
   * they are now (from {@code revision} when a rollout chose one), and their readiness.
   *
   * @throws RenderException when the status template fails; nothing is written then
   */
  Optional<GenericKubernetesResource> applied(
      ObservedResource observed,
      Optional<String> revision,
      ChangeSet changeSet,
      Set<ObjectRef> kept) {
    var children = byKindAndName(changeSet.children());
    Map<String, Object> templateStatus =
        new LinkedHashMap<>(
            revision.isPresent()
                ? templates.renderStatus(watch, revision.get(), observed.object(), children)
                : templates.renderStatus(watch, observed.object(), children));
    // Which templates the children were applied from: what a rollout waits for.
    revision.ifPresent(hash -> templateStatus.put(Rollouts.STATUS_FIELD, hash));
    ReadinessRules rules = templates.readiness(watch);
    Map<ObjectRef, Readiness.Verdict> verdicts = new LinkedHashMap<>();
    changeSet.children().forEach((ref, child) -> verdicts.put(ref, Readiness.of(child, rules)));
    return write(observed, templateStatus, changeSet.owned(), kept, Outcome.applied(), verdicts);
  }

  /**
   * The status of a failed step: its conditions say why; the template's fields stay as they were,
   * and the inventory lists every object still {@code owned}.
   */
  Optional<GenericKubernetesResource> failed(
      ObservedResource observed, Collection<ObjectRef> owned, Outcome outcome) {
    return write(observed, null, owned, observed.kept(), outcome, Map.of());
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
            ResourceAnnotations.RECONCILE_DISABLED,
            ResourceAnnotations.suspendedMessage(observed.resource()),
            clock.instant()));
  }

  private Optional<GenericKubernetesResource> write(
      ObservedResource observed,
      Map<String, Object> templateStatus,
      Collection<ObjectRef> inventory,
      Set<ObjectRef> kept,
      Outcome outcome,
      Map<ObjectRef, Readiness.Verdict> verdicts) {
    Map<String, Object> newStatus =
        StatusBuilder.build(
            observed.status(),
            observed.generation(),
            templateStatus,
            List.copyOf(inventory),
            kept,
            outcome,
            verdicts,
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

  private static Map<String, Map<String, Map<String, Object>>> byKindAndName(
      Map<ObjectRef, Map<String, Object>> children) {
    Map<String, Map<String, Map<String, Object>>> byKind = new LinkedHashMap<>();
    children.forEach(
        (ref, object) ->
            byKind.computeIfAbsent(ref.kind(), k -> new LinkedHashMap<>()).put(ref.name(), object));
    return byKind;
  }
}
