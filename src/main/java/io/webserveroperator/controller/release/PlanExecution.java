package io.webserveroperator.controller.release;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.OperatorException;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.apply.ChangeSetExecutor;
import io.webserveroperator.apply.ChangeSetExecutor.Applied;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.apply.OwnershipConflictException;
import io.webserveroperator.apply.Wait;
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
import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.template.ReadinessReport;
import io.webserveroperator.template.ReadinessRules;
import io.webserveroperator.template.ReadinessVerdict;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Step 4 of a reconcile: carries its plan out, all or nothing as far as ownership goes, wave by
 * wave, through the {@link ChangeSetExecutor}, and acts on what the executor learns.
 *
 * <ol>
 *   <li>A CONFLICT entry stops it before any request: someone else's object is never written.
 *   <li>When the resource's last reconcile ended in a conflict, every CREATE object is read first
 *       and judged by the resource's {@link Claim} on it, so that a conflict that stays costs no
 *       create and delete.
 *   <li>Wave by wave, lowest first ({@link Ordering#wave}): a wave starts only when every object of
 *       the lower waves is applied and ready. Within a wave, an object whose {@code depends-on}
 *       siblings are not ready yet, or whose {@code replaces} object is still there (it is deleted
 *       first), waits; the others are sent at once: the creates, create-only (one that finds its
 *       object there is judged by the resource's claim: its own is updated, an adoptable one
 *       adopted, anyone else's a conflict, and then every object this reconcile created is deleted
 *       again and nothing else is sent), then the updates and adoptions. What waits is left exactly
 *       as it is, listed as a {@link Wait}; a later reconcile, brought by a child's status change,
 *       goes on.
 *   <li>The readiness of every rendered child, as it is now, is judged once per wave sent.
 *   <li>Only once every object is applied and ready, ORPHAN entries (kept by their {@code
 *       resource-policy}) are dropped from the inventory, and PRUNE entries are deleted, highest
 *       wave first; a lower wave's prunes wait until the higher wave's are gone (Argo CD's
 *       PruneLast, in reverse waves): a renamed Deployment's old pods serve until the new ones do.
 *       Meanwhile they stay, owned, listed as deferred.
 * </ol>
 *
 * <p>UNCHANGED entries cost no request. Thread-safe when its collaborators are.
 */
public final class PlanExecution {

  private final Planner planner;
  private final ChangeSetExecutor executor;
  private final ObjectWriter writer;
  private final KubernetesSerialization serialization;

  public PlanExecution(
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
  public record Request(
      Owner owner,
      Inventory inventory,
      List<IgnoreDifference> ignored,
      ReadinessRules rules,
      boolean updatesAreDrift,
      boolean lookBeforeCreating) {}

  public ChangeSet run(Plan plan, Request request) {
    List<PlanEntry> entries = plan.entries();
    if (request.lookBeforeCreating()) {
      entries = lookBeforeCreating(entries, request);
    }
    List<Claim> conflicts = conflicts(entries);
    if (!conflicts.isEmpty()) {
      return ChangeSet.refused(request.inventory(), new OwnershipConflictException(conflicts));
    }
    Progress progress = new Progress(request, plan.released());
    TreeMap<Integer, List<PlanEntry>> waves = new TreeMap<>();
    for (PlanEntry entry : entries) {
      if (!entry.action().unrendered()) {
        waves.computeIfAbsent(wave(entry.desired()), w -> new ArrayList<>()).add(entry);
      }
    }
    List<ObjectRef> lowerNotReady = new ArrayList<>();
    for (Map.Entry<Integer, List<PlanEntry>> wave : waves.entrySet()) {
      if (!lowerNotReady.isEmpty()) {
        wave.getValue().forEach(entry -> progress.waitFor(entry, wave.getKey(), lowerNotReady));
        continue;
      }
      Optional<ChangeSet> stopped = applyWave(wave.getKey(), wave.getValue(), entries, progress);
      if (stopped.isPresent()) {
        return stopped.get();
      }
      wave.getValue().stream()
          .map(PlanEntry::ref)
          .filter(ref -> !progress.isReady(ref))
          .forEach(lowerNotReady::add);
    }
    ReadinessReport readiness = progress.readiness();
    List<ObjectRef> deferred = new ArrayList<>();
    List<PlanEntry> unrendered = new ArrayList<>(only(entries, Action.ORPHAN));
    if (progress.waits.isEmpty() && readiness.allReady()) {
      unrendered.addAll(prunesNow(entries, deferred));
    } else {
      only(entries, Action.PRUNE).stream()
          .map(PlanEntry::ref)
          .filter(ref -> !progress.replacing.contains(ref))
          .forEach(deferred::add);
    }
    ChangeSetExecutor.Pruned pruned = executor.prune(unrendered);
    progress.changes.addAll(pruned.changes());
    pruned.changes().forEach(change -> progress.release(change.ref()));
    return progress.changeSet(readiness, deferred, pruned.refusal());
  }

  /**
   * Sends nothing: every rendered object waits, for a hook that runs first. The children that exist
   * are judged as they are, so that the status shows them.
   */
  ChangeSet hold(Plan plan, Request request, Wait wait) {
    Progress progress = new Progress(request, plan.released());
    for (PlanEntry entry : plan.entries()) {
      if (entry.action() == Action.UNCHANGED || entry.action() == Action.UPDATE) {
        progress.child(entry, entry.live());
      }
    }
    progress.waits.add(wait);
    return progress.changeSet(progress.readiness(), List.of(), null);
  }

  /**
   * Sends the objects of one wave whose siblings are ready, again as long as what was sent makes
   * more of them ready at once; returns a change set only when the reconcile stops (a conflict, a
   * refusal).
   */
  private Optional<ChangeSet> applyWave(
      int wave, List<PlanEntry> inWave, List<PlanEntry> all, Progress progress) {
    List<PlanEntry> pending = new ArrayList<>(inWave);
    while (!pending.isEmpty()) {
      List<PlanEntry> eligible = new ArrayList<>();
      for (PlanEntry entry : pending) {
        List<ObjectRef> waitingFor = progress.notReadySiblings(entry, inWave);
        if (waitingFor.isEmpty() && replaced(entry, all, progress)) {
          eligible.add(entry);
        }
      }
      if (eligible.isEmpty()) {
        break;
      }
      pending.removeAll(eligible);
      Optional<ChangeSet> stopped = send(eligible, progress);
      if (stopped.isPresent()) {
        return stopped;
      }
    }
    for (PlanEntry entry : pending) {
      List<ObjectRef> waitingFor = progress.notReadySiblings(entry, inWave);
      if (waitingFor.isEmpty()) {
        progress.waitForGone(entry, wave, Ordering.of(entry.desired()).replaces().orElseThrow());
      } else {
        progress.waitFor(entry, wave, waitingFor);
      }
    }
    return Optional.empty();
  }

  /**
   * Whether nothing that {@code entry} replaces is still there: the replaced object is deleted when
   * first met, and the entry waits until it is gone.
   */
  private boolean replaced(PlanEntry entry, List<PlanEntry> all, Progress progress) {
    Optional<Ordering.Sibling> replaces = Ordering.of(entry.desired()).replaces();
    if (replaces.isEmpty() || entry.action() != Action.CREATE) {
      return true;
    }
    List<PlanEntry> old =
        only(all, Action.PRUNE, Action.ORPHAN).stream()
            .filter(prune -> replaces.get().matches(prune.ref()))
            .toList();
    if (old.isEmpty()) {
      return true;
    }
    List<PlanEntry> deletes =
        old.stream()
            .map(prune -> PlanEntry.unrendered(prune.ref(), Action.PRUNE, prune.live()))
            .toList();
    ChangeSetExecutor.Pruned pruned = executor.prune(deletes);
    progress.changes.addAll(pruned.changes());
    old.forEach(prune -> progress.replacing.add(prune.ref()));
    // Gone once the next reconcile no longer finds it; it stays in the inventory until then.
    return false;
  }

  /** Sends a batch: its creates, then (unless one found someone else's object) its updates. */
  private Optional<ChangeSet> send(List<PlanEntry> batch, Progress progress) {
    Request request = progress.request;
    Applied created = executor.apply(only(batch, Action.CREATE), request.owner(), false);
    progress.created.add(created);
    List<PlanEntry> entries = batch;
    if (!created.found().isEmpty()) {
      Map<ObjectRef, PlanEntry> again = new LinkedHashMap<>();
      created.found().forEach(found -> again.put(found.entry().ref(), judgeAgain(found, request)));
      List<Claim> conflicts = conflicts(List.copyOf(again.values()));
      if (!conflicts.isEmpty()) {
        progress.created.forEach(executor::undo);
        return Optional.of(
            ChangeSet.refused(request.inventory(), new OwnershipConflictException(conflicts)));
      }
      entries = batch.stream().map(entry -> again.getOrDefault(entry.ref(), entry)).toList();
    }
    Applied updated =
        created.refusal() != null
            ? Applied.NOTHING
            : executor.apply(
                only(entries, Action.UPDATE, Action.ADOPT),
                request.owner(),
                request.updatesAreDrift());
    progress.changes.addAll(created.changes());
    progress.changes.addAll(updated.changes());
    for (PlanEntry entry : entries) {
      Map<String, Object> now =
          entry.action() == Action.UNCHANGED
              ? entry.live()
              : created.objects().getOrDefault(entry.ref(), updated.objects().get(entry.ref()));
      if (now != null) {
        progress.child(entry, now);
      }
    }
    ApplyException refusal = created.refusal() != null ? created.refusal() : updated.refusal();
    return refusal == null
        ? Optional.empty()
        : Optional.of(progress.changeSet(ReadinessReport.none(), List.of(), refusal));
  }

  /**
   * The PRUNE entries of the highest wave, to carry out now; the lower waves' prunes go to {@code
   * deferred}, to be pruned once these are gone.
   */
  private static List<PlanEntry> prunesNow(List<PlanEntry> entries, List<ObjectRef> deferred) {
    List<PlanEntry> prunes = only(entries, Action.PRUNE);
    int highest = prunes.stream().mapToInt(entry -> wave(entry.live())).max().orElse(0);
    List<PlanEntry> now = new ArrayList<>();
    for (PlanEntry prune : prunes) {
      if (wave(prune.live()) == highest) {
        now.add(prune);
      } else {
        deferred.add(prune.ref());
      }
    }
    return now;
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

  private static int wave(Map<String, Object> object) {
    return object == null ? 0 : Ordering.of(object).wave();
  }

  private static List<Claim> conflicts(List<PlanEntry> entries) {
    return only(entries, Action.CONFLICT).stream().map(PlanEntry::claim).toList();
  }

  private static List<PlanEntry> only(List<PlanEntry> entries, Action... actions) {
    Set<Action> wanted = new HashSet<>(List.of(actions));
    return entries.stream().filter(entry -> wanted.contains(entry.action())).toList();
  }

  /** What one run has done so far: its writes, the children as they are now, what waits. */
  private static final class Progress {
    private final Request request;
    private final List<Change> changes = new ArrayList<>();
    private final List<Applied> created = new ArrayList<>();
    private final Map<ObjectRef, Map<String, Object>> children = new LinkedHashMap<>();
    private final Map<ObjectRef, ReadinessVerdict> verdicts = new LinkedHashMap<>();
    private final Map<ObjectRef, Boolean> keeps = new LinkedHashMap<>();
    private final List<Wait> waits = new ArrayList<>();
    private final Set<ObjectRef> replacing = new HashSet<>();
    private Inventory inventory;

    Progress(Request request, List<ObjectRef> released) {
      this.request = request;
      Inventory start = request.inventory();
      for (ObjectRef ref : released) {
        start = start.without(ref);
      }
      this.inventory = start;
    }

    /** A rendered object as it is now, judged at once. */
    void child(PlanEntry entry, Map<String, Object> now) {
      children.put(entry.ref(), now);
      verdicts.put(entry.ref(), request.rules().judge(now));
      keeps.put(entry.ref(), Lifecycle.of(entry.desired()).keep());
      inventory = inventory.with(entry.ref(), false);
    }

    boolean isReady(ObjectRef ref) {
      ReadinessVerdict verdict = verdicts.get(ref);
      return verdict != null && verdict.isReady();
    }

    /**
     * The rendered siblings {@code entry} depends on that are not ready yet: those of its own wave
     * not sent or not ready, and those of lower waves not ready.
     */
    List<ObjectRef> notReadySiblings(PlanEntry entry, List<PlanEntry> wave) {
      List<ObjectRef> waiting = new ArrayList<>();
      for (Ordering.Sibling sibling : Ordering.of(entry.desired()).dependsOn()) {
        for (ObjectRef rendered : renderedSiblings(wave)) {
          if (sibling.matches(rendered) && !isReady(rendered)) {
            waiting.add(rendered);
          }
        }
      }
      return waiting;
    }

    private Set<ObjectRef> renderedSiblings(List<PlanEntry> wave) {
      Set<ObjectRef> rendered = new HashSet<>(verdicts.keySet());
      wave.forEach(entry -> rendered.add(entry.ref()));
      return rendered;
    }

    /** An object left as it is: the status template still sees it as it is live, if it is ours. */
    private void leave(PlanEntry entry) {
      if (entry.action() == Action.UNCHANGED || entry.action() == Action.UPDATE) {
        children.put(entry.ref(), entry.live());
      }
    }

    void waitFor(PlanEntry entry, int wave, List<ObjectRef> notReady) {
      leave(entry);
      String reasons =
          notReady.stream()
              .map(
                  ref ->
                      ref
                          + Optional.ofNullable(verdicts.get(ref))
                              .map(verdict -> " (" + verdict.message() + ")")
                              .orElse(" (not applied yet)"))
              .collect(Collectors.joining(", "));
      waits.add(
          new Wait(entry.ref(), wave, entry.ref() + " (wave " + wave + ") waits for " + reasons));
    }

    void waitForGone(PlanEntry entry, int wave, Ordering.Sibling replaced) {
      leave(entry);
      waits.add(
          new Wait(
              entry.ref(),
              wave,
              entry.ref()
                  + " (wave "
                  + wave
                  + ") waits for "
                  + replaced
                  + ", which it replaces, to be gone"));
    }

    void release(ObjectRef ref) {
      inventory = inventory.without(ref);
    }

    ReadinessReport readiness() {
      return new ReadinessReport(verdicts);
    }

    /**
     * The change set so far, each rendered object that is there now marked kept when its template
     * keeps it and no owner reference ties its live copy to the resource: the inventory never calls
     * kept what the garbage collector would delete with it.
     */
    ChangeSet changeSet(
        ReadinessReport readiness, List<ObjectRef> deferred, OperatorException failure) {
      Set<ObjectRef.Identity> kept = new HashSet<>();
      inventory.kept().forEach(ref -> kept.add(ref.identity()));
      keeps.forEach(
          (ref, keep) -> {
            kept.remove(ref.identity());
            if (keep && !request.owner().isReferencedBy(children.get(ref))) {
              kept.add(ref.identity());
            }
          });
      return new ChangeSet(
          changes, inventory.withKept(kept), children, readiness, deferred, waits, failure);
    }
  }
}
