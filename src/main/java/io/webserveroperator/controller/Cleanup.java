package io.webserveroperator.controller;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.controller.release.HookRunner;
import io.webserveroperator.diff.Action;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.status.EventSink;
import io.webserveroperator.status.HookRecords;
import io.webserveroperator.status.Reason;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Deletion of resources whose objects the garbage collector cannot remove: objects in another
 * namespace, or cluster-scoped, carry no owner reference. For those the resource holds a finalizer
 * that this class adds before they are applied and removes once they are deleted, or at once when
 * the resource's reconciles are disabled. Every write goes through the {@link ObjectWriter}.
 */
final class Cleanup {

  /** Held by resources that own objects the garbage collector cannot remove for them. */
  static final String FINALIZER = "webserver-operator.io/cleanup";

  /** How soon a deletion step that waits for objects to be gone looks again at the latest. */
  private static final Duration LOOK_AGAIN = Duration.ofSeconds(5);

  private final ObjectWriter writer;
  private final EventSink events;
  private final ReadCache childCache;
  private final KubernetesSerialization serialization;
  private final HookRunner runner;
  private final StatusReporter status;
  private final Clock clock;

  Cleanup(
      ObjectWriter writer,
      EventSink events,
      ReadCache childCache,
      KubernetesSerialization serialization,
      HookRunner runner,
      StatusReporter status,
      Clock clock) {
    this.writer = writer;
    this.events = events;
    this.childCache = childCache;
    this.serialization = serialization;
    this.runner = runner;
    this.status = status;
    this.clock = clock;
  }

  /**
   * Adds the finalizer before applying, if the desired objects need it and it is not there.
   *
   * @throws ApplyException when the API server refuses (the resource changed since it was read)
   */
  void guard(ObservedResource observed, List<RenderedObject> desired) {
    String namespace = observed.ref().namespace();
    boolean needed =
        desired.stream()
            .anyMatch(object -> !collectable(object.ref(), namespace) || ordered(object));
    if (needed && !hasFinalizer(observed)) {
      List<String> finalizers = new ArrayList<>(finalizers(observed));
      finalizers.add(FINALIZER);
      setFinalizers(observed, finalizers);
    }
  }

  /**
   * The delete hooks of a resource being deleted, as its templates render them now.
   *
   * @param hooks the rendered hook objects; empty when the templates render none, or cannot
   * @param resource the resource the hooks run for
   */
  record DeleteHooks(List<RenderedObject> hooks, HookRunner.For resource) {}

  /**
   * Deletes what the resource owns, then lets it go, one step per reconcile, each brought by the
   * last step's watch events (or a hook's timeout):
   *
   * <ol>
   *   <li>its {@code pre-delete} hooks run; one that fails or times out is reported (a Warning
   *       event) and the deletion goes on: a hook never blocks a deletion forever;
   *   <li>its objects are deleted in reverse wave order, each wave gone before the next, when any
   *       of them is in a wave other than 0; otherwise only those the garbage collector cannot
   *       remove (in another namespace, cluster-scoped), as their owner reference allows no more;
   *       what its {@code resource-policy} keeps is left;
   *   <li>its {@code post-delete} hooks run;
   *   <li>the finalizer goes, and the garbage collector removes the rest.
   * </ol>
   *
   * Works from the inventory and the live objects, so a resource whose templates are broken is
   * still deleted (without hooks, said in an event).
   */
  ReconcileResult run(ObservedResource observed, Supplier<DeleteHooks> rendered) {
    if (!hasFinalizer(observed)) {
      return ReconcileResult.nothing();
    }
    DeleteHooks hooks = rendered.get();
    HookRecords records = HookRecords.fromStatus(observed.status());
    List<Change> changes = new ArrayList<>();
    Optional<ReconcileResult> waiting =
        hooks(Ordering.Hook.PRE_DELETE, observed, hooks, records, changes);
    if (waiting.isPresent()) {
      return waiting.get();
    }
    boolean ordered = ordered(observed, hooks);
    List<ObjectRef> remaining = toDelete(observed, ordered);
    if (ordered) {
      remaining = remaining.stream().filter(ref -> live(ref).isPresent()).toList();
    }
    int highest = remaining.stream().mapToInt(this::wave).max().orElse(0);
    for (ObjectRef ref : remaining) {
      if (ordered && (wave(ref) != highest || terminating(ref))) {
        continue;
      }
      try {
        if (writer.delete(ref)) {
          changes.add(new Change(ref, Action.PRUNE, false));
        }
      } catch (ApplyException e) {
        events.warning(observed.resource(), Reason.CLEANUP_FAILED, e.getMessage());
        return ReconcileResult.retry(changes, false, e.getMessage());
      }
    }
    if (ordered && !remaining.isEmpty()) {
      // The next wave goes once this one is gone: its delete events bring the resource back.
      return ReconcileResult.later(changes, false, LOOK_AGAIN);
    }
    waiting = hooks(Ordering.Hook.POST_DELETE, observed, hooks, records, changes);
    if (waiting.isPresent()) {
      return waiting.get();
    }
    release(observed);
    return ReconcileResult.done(changes, false);
  }

  /**
   * Runs the hooks of a delete moment; empty once they have all run or one failed (told in a
   * Warning event, and the deletion goes on), else the result that waits for the one that runs.
   */
  private Optional<ReconcileResult> hooks(
      Ordering.Hook moment,
      ObservedResource observed,
      DeleteHooks hooks,
      HookRecords records,
      List<Change> changes) {
    if (hooks.hooks().isEmpty()) {
      return Optional.empty();
    }
    HookRunner.Outcome outcome = runner.run(moment, hooks.hooks(), records, hooks.resource());
    changes.addAll(outcome.changes());
    boolean written =
        !outcome.records().equals(records) && status.hooks(observed, outcome.records()).isPresent();
    if (outcome.state() == HookRunner.State.FAILED) {
      if (!outcome.records().equals(records)) {
        events.warning(
            observed.resource(),
            Reason.HOOK_FAILED,
            outcome.message() + "; the resource is deleted all the same");
      }
      return Optional.empty();
    }
    if (outcome.state() == HookRunner.State.WAITING) {
      Duration after =
          outcome
              .deadline()
              .map(deadline -> Duration.between(clock.instant(), deadline).plusSeconds(1))
              .filter(duration -> !duration.isNegative())
              .orElse(LOOK_AGAIN);
      return Optional.of(ReconcileResult.later(changes, written, after));
    }
    return Optional.empty();
  }

  /** The wave the object was applied in, from its live copy's annotation; 0 when not cached. */
  private int wave(ObjectRef ref) {
    return live(ref).map(object -> Ordering.of(object).wave()).orElse(0);
  }

  private Optional<Map<String, Object>> live(ObjectRef ref) {
    return childCache.get(ref).map(object -> ResourceMaps.of(serialization, object));
  }

  /**
   * Lets a suspended resource go without deleting anything: its finalizer is removed, and what the
   * garbage collector cannot remove stays, named in an event. Its owner references still let the
   * garbage collector remove its children in its namespace, unless it is deleted with {@code
   * --cascade=orphan}.
   */
  ReconcileResult skip(ObservedResource observed) {
    if (!hasFinalizer(observed)) {
      return ReconcileResult.nothing();
    }
    String namespace = observed.ref().namespace();
    List<String> left =
        observed.inventory().refs().stream()
            .filter(ref -> !observed.inventory().isKept(ref) && !collectable(ref, namespace))
            .map(ObjectRef::toString)
            .toList();
    if (!left.isEmpty()) {
      events.normal(
          observed.resource(),
          Reason.CLEANUP_SKIPPED,
          "Reconciles are disabled ("
              + ResourceAnnotations.RECONCILE
              + ": "
              + ResourceAnnotations.DISABLED
              + "), so the operator deleted nothing; left in place: "
              + String.join(", ", left)
              + ". Delete them by hand if they should go.");
    }
    release(observed);
    return ReconcileResult.nothing();
  }

  /**
   * What the clean-up deletes, except what is kept: every object of the inventory when the deletion
   * goes in order; else those the garbage collector cannot remove.
   */
  private static List<ObjectRef> toDelete(ObservedResource observed, boolean ordered) {
    String namespace = observed.ref().namespace();
    return observed.inventory().refs().stream()
        .filter(ref -> !observed.inventory().isKept(ref))
        .filter(ref -> ordered || !collectable(ref, namespace))
        .toList();
  }

  /**
   * Whether the resource's objects go in reverse waves, the finalizer deleting all of them: one of
   * them is in a wave other than 0, or the resource has delete hooks, which run around them.
   */
  private boolean ordered(ObservedResource observed, DeleteHooks hooks) {
    return !hooks.hooks().isEmpty()
        || observed.inventory().refs().stream().anyMatch(ref -> wave(ref) != 0);
  }

  private boolean terminating(ObjectRef ref) {
    return childCache
        .get(ref)
        .map(object -> object.getMetadata().getDeletionTimestamp() != null)
        .orElse(false);
  }

  /**
   * Whether deleting the resource must go in order, which the garbage collector does not: the
   * object is in a wave other than 0, or is a hook that runs when the resource is deleted.
   */
  private static boolean ordered(RenderedObject object) {
    Ordering ordering = Ordering.of(object.body());
    return ordering.wave() != 0
        || ordering.hooks().contains(Ordering.Hook.PRE_DELETE)
        || ordering.hooks().contains(Ordering.Hook.POST_DELETE);
  }

  /** Whether the garbage collector removes the object with its owner: same namespace only. */
  private static boolean collectable(ObjectRef ref, String ownerNamespace) {
    return ref.namespace() != null && ref.namespace().equals(ownerNamespace);
  }

  private static List<String> finalizers(ObservedResource observed) {
    List<String> finalizers = observed.resource().getMetadata().getFinalizers();
    return finalizers == null ? List.of() : finalizers;
  }

  private static boolean hasFinalizer(ObservedResource observed) {
    return finalizers(observed).contains(FINALIZER);
  }

  /** Removes the finalizer; a resource gone meanwhile is no error. */
  private void release(ObservedResource observed) {
    List<String> finalizers = new ArrayList<>(finalizers(observed));
    finalizers.remove(FINALIZER);
    try {
      setFinalizers(observed, finalizers);
    } catch (ApplyException e) {
      if (e.code() != 404) {
        throw e;
      }
    }
  }

  private void setFinalizers(ObservedResource observed, List<String> finalizers) {
    writer.patchFinalizers(
        observed.ref(), observed.resource().getMetadata().getResourceVersion(), finalizers);
  }
}
