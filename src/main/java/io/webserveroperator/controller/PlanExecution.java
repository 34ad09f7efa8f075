package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.apply.ChangeSetExecutor;
import io.webserveroperator.apply.ChangeSetExecutor.Applied;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.apply.OwnershipConflictException;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.manifest.Claim;
import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.template.ReadinessReport;
import io.webserveroperator.template.ReadinessRules;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Step 4 of a reconcile: carries its plan out, all or nothing as far as ownership goes, through the
 * {@link ChangeSetExecutor}, and acts on what the executor learns.
 *
 * <ol>
 *   <li>A CONFLICT entry stops it before any request: someone else's object is never written.
 *   <li>When the resource's last reconcile ended in a conflict, every CREATE object is read first
 *       and judged by the resource's {@link Claim} on it, so that a conflict that stays costs no
 *       create and delete.
 *   <li>The CREATE entries are sent at once, create-only. One that finds its object there already
 *       (the caches hold only objects with the operator's labels, and someone may create it
 *       meanwhile) is judged by the resource's claim: its own (a cache behind) is updated, an
 *       adoptable one adopted, anyone else's is a conflict, and then the objects just created are
 *       deleted again and nothing else is sent.
 *   <li>The UPDATE and ADOPT entries are sent at once, with those the creates found.
 *   <li>The readiness of every rendered child, as it is now, is judged once.
 *   <li>Only once every write succeeded, ORPHAN entries (kept by their {@code resource-policy}) are
 *       dropped from the inventory, and PRUNE entries are deleted once every rendered child is
 *       ready as well (Argo CD's PruneLast): a renamed Deployment's old pods serve until the new
 *       ones do. Meanwhile they stay, owned, listed as deferred.
 * </ol>
 *
 * <p>UNCHANGED entries cost no request. Thread-safe when its collaborators are.
 */
final class PlanExecution {

  private final Planner planner;
  private final ChangeSetExecutor executor;
  private final ObjectWriter writer;
  private final KubernetesSerialization serialization;

  PlanExecution(
      Planner planner,
      ChangeSetExecutor executor,
      ObjectWriter writer,
      KubernetesSerialization serialization) {
    this.planner = planner;
    this.executor = executor;
    this.writer = writer;
    this.serialization = serialization;
  }

  /**
   * What one reconcile asks besides its plan.
   *
   * @param owner the resource the objects are rendered for
   * @param inventory what the resource owned before, from its status
   * @param ignored the kind's {@code ignoreDifferences}, for objects judged again
   * @param rules the readiness rules of the revision rendered
   * @param updatesAreDrift whether the desired objects are those applied last time
   * @param lookBeforeCreating read every CREATE object before creating it
   */
  record Request(
      Owner owner,
      Inventory inventory,
      List<IgnoreDifference> ignored,
      ReadinessRules rules,
      boolean updatesAreDrift,
      boolean lookBeforeCreating) {}

  ChangeSet run(Plan plan, Request request) {
    List<PlanEntry> entries = plan.entries();
    if (request.lookBeforeCreating()) {
      entries = lookBeforeCreating(entries, request);
    }
    List<Claim> conflicts = conflicts(entries);
    if (!conflicts.isEmpty()) {
      return ChangeSet.refused(request.inventory(), new OwnershipConflictException(conflicts));
    }
    Applied created = executor.apply(only(entries, Action.CREATE), request.owner(), false);
    if (!created.found().isEmpty()) {
      Map<ObjectRef, PlanEntry> again = new LinkedHashMap<>();
      created.found().forEach(found -> again.put(found.entry().ref(), judgeAgain(found, request)));
      conflicts = conflicts(List.copyOf(again.values()));
      if (!conflicts.isEmpty()) {
        executor.undo(created);
        return ChangeSet.refused(request.inventory(), new OwnershipConflictException(conflicts));
      }
      entries = entries.stream().map(entry -> again.getOrDefault(entry.ref(), entry)).toList();
    }
    Applied updated =
        created.refusal() != null
            ? Applied.NOTHING
            : executor.apply(
                only(entries, Action.UPDATE, Action.ADOPT),
                request.owner(),
                request.updatesAreDrift());
    List<Change> changes = new ArrayList<>(created.changes());
    changes.addAll(updated.changes());
    Inventory inventory = request.inventory();
    Map<ObjectRef, Map<String, Object>> children = new LinkedHashMap<>();
    for (PlanEntry entry : entries) {
      Map<String, Object> now =
          entry.action() == Action.UNCHANGED
              ? entry.live()
              : created.objects().getOrDefault(entry.ref(), updated.objects().get(entry.ref()));
      if (now != null) {
        children.put(entry.ref(), now);
        inventory = inventory.with(entry.ref(), false);
      }
    }
    inventory = markKept(inventory, entries, children, request);
    ApplyException refusal = created.refusal() != null ? created.refusal() : updated.refusal();
    if (refusal != null) {
      return new ChangeSet(
          changes, inventory, children, ReadinessReport.none(), List.of(), refusal);
    }
    // Judged once: the prune gate below, the deferral event and the status all read it.
    ReadinessReport readiness = ReadinessReport.judge(children, request.rules());
    List<PlanEntry> unrendered = new ArrayList<>(only(entries, Action.ORPHAN));
    List<ObjectRef> deferred = new ArrayList<>();
    for (PlanEntry prune : only(entries, Action.PRUNE)) {
      if (readiness.allReady()) {
        unrendered.add(prune);
      } else {
        deferred.add(prune.ref());
      }
    }
    ChangeSetExecutor.Pruned pruned = executor.prune(unrendered);
    changes.addAll(pruned.changes());
    for (PlanEntry entry : unrendered) {
      if (pruned.refusal() == null || wasPruned(entry, pruned)) {
        inventory = inventory.without(entry.ref());
      }
    }
    return new ChangeSet(changes, inventory, children, readiness, deferred, pruned.refusal());
  }

  /** The CREATE entries read first and judged by the resource's claim when their object exists. */
  private List<PlanEntry> lookBeforeCreating(List<PlanEntry> entries, Request request) {
    List<PlanEntry> looked = new ArrayList<>(entries.size());
    for (PlanEntry entry : entries) {
      Optional<GenericKubernetesResource> found =
          entry.action() == Action.CREATE ? writer.get(entry.ref()) : Optional.empty();
      looked.add(
          found.isPresent()
              ? judgeAgain(entry, ResourceMaps.of(serialization, found.get()), request)
              : entry);
    }
    return looked;
  }

  private PlanEntry judgeAgain(ChangeSetExecutor.Found found, Request request) {
    return judgeAgain(found.entry(), found.live(), request);
  }

  /** A CREATE entry whose object exists, planned again from the resource's claim on it. */
  private PlanEntry judgeAgain(PlanEntry create, Map<String, Object> live, Request request) {
    // Its generated secrets are held at what the object found holds, as for any existing one.
    return planner.judge(
        create.rendered(),
        live,
        request.owner(),
        request.inventory().contains(create.ref()),
        request.ignored());
  }

  /**
   * The inventory with each rendered object that is there now marked kept when its template keeps
   * it and no owner reference ties its live copy to the resource: the inventory never calls kept
   * what the garbage collector would delete with it. Other listed objects keep their mark.
   */
  private static Inventory markKept(
      Inventory inventory,
      List<PlanEntry> entries,
      Map<ObjectRef, Map<String, Object>> children,
      Request request) {
    Set<ObjectRef.Identity> kept = new HashSet<>();
    inventory.kept().forEach(ref -> kept.add(ref.identity()));
    for (PlanEntry entry : entries) {
      Map<String, Object> child = children.get(entry.ref());
      if (child != null) {
        kept.remove(entry.ref().identity());
        if (Lifecycle.of(entry.desired()).keep() && !request.owner().isReferencedBy(child)) {
          kept.add(entry.ref().identity());
        }
      }
    }
    return inventory.withKept(kept);
  }

  private static boolean wasPruned(PlanEntry entry, ChangeSetExecutor.Pruned pruned) {
    return pruned.changes().stream().anyMatch(change -> change.ref().equals(entry.ref()));
  }

  private static List<Claim> conflicts(List<PlanEntry> entries) {
    return only(entries, Action.CONFLICT).stream().map(PlanEntry::claim).toList();
  }

  private static List<PlanEntry> only(List<PlanEntry> entries, Action... actions) {
    Set<Action> wanted = new HashSet<>(List.of(actions));
    return entries.stream().filter(entry -> wanted.contains(entry.action())).toList();
  }
}
