package io.webserveroperator.apply;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.OwnershipPatch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Sends the writes of plan entries, a batch at a time, and returns what happened as data; what to
 * send when, and what to make of a create that found its object, is the reconcile's to decide, and
 * what to make of a refused update the {@link Planner}'s ({@link Planner#refused}, which {@code
 * diff} asks too). It never plans.
 *
 * <ul>
 *   <li>{@link #apply}: a batch of CREATE, UPDATE and ADOPT entries at once. A CREATE is
 *       create-only ({@link ObjectWriter#apply}); one that finds its object there already is read
 *       and returned as {@link Found}, not as a refusal. An existing create-only object ({@code
 *       ssa: IfNotPresent}) gets only what its ownership needs ({@link OwnershipPatch}); after any
 *       other apply, what ownership needs and the apply could not take back is patched. An update
 *       the API server refuses for fields' values is planned again by the Planner once a dry-run
 *       create says whether the object would be accepted as new: its RECREATE is carried out
 *       (deleted, a StatefulSet orphaning its pods and claims, waited for until gone, created
 *       again), after the EXPAND_CLAIM entries before it; a REFUSED entry, or a claim that cannot
 *       grow, is a refusal whose message is the Planner's sentence. A refusal stops the batch:
 *       applies not yet sent are not sent, those in flight are waited for.
 *   <li>{@link #undo}: deletes what a batch created.
 *   <li>{@link #prune}: deletes PRUNE entries one after the other; ORPHAN entries (kept by their
 *       {@code resource-policy}) are left in place.
 * </ul>
 *
 * <p>All but the last apply of a batch go to the {@code applies} executor; the calling thread sends
 * the last itself and returns only when every one has ended, so that the work queue's promise of
 * one reconcile per resource at a time holds for its writes too. Each written object is told to the
 * children's cache at once, so that the next reconcile plans against it even before its watch event
 * arrives. Stateless apart from its collaborators: thread-safe when they are.
 */
public final class ChangeSetExecutor {

  /** How long a recreated object may take to be gone before it is created again. */
  private static final Duration DELETION_WAIT = Duration.ofSeconds(30);

  private final ObjectWriter writer;
  private final ReadCache children;
  private final KubernetesSerialization serialization;
  private final Executor applies;
  private final Planner planner;

  /**
   * @param writer makes the requests; called from several threads at once
   * @param children the cache told of every object written
   * @param serialization turns written objects into the plain maps readiness and status read
   * @param applies runs all but the last apply of a batch; {@code Runnable::run} applies one after
   *     the other, in plan order
   * @param planner plans again what the API server refuses
   */
  public ChangeSetExecutor(
      ObjectWriter writer,
      ReadCache children,
      KubernetesSerialization serialization,
      Executor applies,
      Planner planner) {
    this.writer = writer;
    this.children = children;
    this.serialization = serialization;
    this.applies = applies;
    this.planner = planner;
  }

  /**
   * What a batch did.
   *
   * @param changes the writes made, in batch order (claims expanded before the StatefulSet they
   *     belong to)
   * @param objects every object written, as the API server answered, in batch order
   * @param found the CREATE entries whose object was there already, nothing written
   * @param refusal the refusal of the earliest entry in batch order that was refused, or null
   */
  public record Applied(
      List<Change> changes,
      Map<ObjectRef, Map<String, Object>> objects,
      List<Found> found,
      ApplyException refusal) {

    public Applied {
      changes = List.copyOf(changes);
      objects = Collections.unmodifiableMap(new LinkedHashMap<>(objects));
      found = List.copyOf(found);
    }

    /** Nothing sent. */
    public static final Applied NOTHING = new Applied(List.of(), Map.of(), List.of(), null);
  }

  /**
   * A CREATE entry whose object exists already, as read from the API server: a cache behind, or
   * someone else's object under a name the templates render.
   */
  public record Found(PlanEntry entry, Map<String, Object> live) {}

  /**
   * What a prune did.
   *
   * @param changes the objects deleted and those left in place
   * @param refusal the refusal that stopped it, or null
   */
  public record Pruned(List<Change> changes, ApplyException refusal) {}

  /**
   * Sends one batch of CREATE, UPDATE and ADOPT entries at once and waits for all of them.
   *
   * @param owner the resource the objects are rendered for
   * @param updatesAreDrift whether the desired objects are those applied last time, so that an
   *     UPDATE puts back what someone else changed rather than following a new render
   * @throws RuntimeException an error other than a refusal (a bug, not an answer of the API
   *     server), once every apply has ended
   */
  public Applied apply(List<PlanEntry> batch, Owner owner, boolean updatesAreDrift) {
    if (batch.isEmpty()) {
      return Applied.NOTHING;
    }
    for (PlanEntry entry : batch) {
      if (!entry.action().applies()) {
        throw new IllegalArgumentException("only CREATE, UPDATE and ADOPT are applied: " + entry);
      }
    }
    AtomicBoolean refused = new AtomicBoolean();
    List<CompletableFuture<Attempt>> pending = new ArrayList<>();
    for (PlanEntry entry : batch.subList(0, batch.size() - 1)) {
      pending.add(
          CompletableFuture.supplyAsync(
              () -> attempt(entry, owner, updatesAreDrift, refused), applies));
    }
    CompletableFuture<Attempt> last = new CompletableFuture<>();
    try {
      last.complete(attempt(batch.get(batch.size() - 1), owner, updatesAreDrift, refused));
    } catch (RuntimeException e) {
      last.completeExceptionally(e);
    }
    pending.add(last);
    List<Change> changes = new ArrayList<>();
    Map<ObjectRef, Map<String, Object>> objects = new LinkedHashMap<>();
    List<Found> found = new ArrayList<>();
    ApplyException refusal = null;
    RuntimeException error = null;
    for (int i = 0; i < batch.size(); i++) {
      PlanEntry entry = batch.get(i);
      Attempt attempt;
      try {
        attempt = pending.get(i).join();
      } catch (CompletionException e) {
        error = error != null ? error : unwrap(e);
        continue;
      }
      changes.addAll(attempt.changes());
      if (attempt.written() != null) {
        children.wrote(attempt.written());
        objects.put(entry.ref(), attempt.object());
      } else if (attempt.found() != null) {
        found.add(new Found(entry, attempt.found()));
      } else if (attempt.refusal() != null && refusal == null) {
        refusal = attempt.refusal();
      }
    }
    if (error != null) {
      throw error;
    }
    return new Applied(changes, objects, found, refusal);
  }

  /**
   * Deletes what {@code applied} created, so that a reconcile that found someone else's object
   * applies nothing; an object that cannot be deleted stays, owned by the resource, and goes with
   * it.
   */
  public void undo(Applied applied) {
    for (Change change : applied.changes()) {
      if (change.action() == Action.CREATE) {
        try {
          writer.delete(change.ref());
        } catch (ApplyException e) {
          // Its owner reference names the resource: the garbage collector removes it with it.
        }
      }
    }
  }

  /**
   * Deletes the PRUNE entries one after the other, if still there and managed by this operator, and
   * leaves the ORPHAN entries in place; stops at the first refusal.
   */
  public Pruned prune(List<PlanEntry> unrendered) {
    List<Change> changes = new ArrayList<>();
    for (PlanEntry entry : unrendered) {
      if (entry.action() == Action.ORPHAN) {
        changes.add(new Change(entry.ref(), Action.ORPHAN, false));
      } else if (entry.action() == Action.PRUNE) {
        try {
          if (writer.prune(entry)) {
            changes.add(new Change(entry.ref(), Action.PRUNE, false));
          }
        } catch (ApplyException e) {
          return new Pruned(changes, e);
        }
      } else {
        throw new IllegalArgumentException("only PRUNE and ORPHAN are pruned: " + entry);
      }
    }
    return new Pruned(changes, null);
  }

  private static RuntimeException unwrap(CompletionException e) {
    return e.getCause() instanceof RuntimeException cause ? cause : e;
  }

  /**
   * Applies one entry, unless another was refused before it was sent. A create that finds its
   * object there is read and returned as found, not as a refusal; an update refused for fields'
   * values is planned again ({@link #replanned}).
   */
  private Attempt attempt(
      PlanEntry entry, Owner owner, boolean updatesAreDrift, AtomicBoolean refused) {
    if (refused.get()) {
      return Attempt.NOT_SENT;
    }
    try {
      boolean drift = entry.action() == Action.UPDATE && updatesAreDrift;
      GenericKubernetesResource written = write(entry, owner);
      return written(written, List.of(new Change(entry.ref(), entry.action(), drift)));
    } catch (ApplyException e) {
      if (e.existed()) {
        Optional<GenericKubernetesResource> live = writer.get(entry.ref());
        if (live.isPresent()) {
          return new Attempt(null, null, asMap(live.get()), null, List.of());
        }
        // Gone again between the create and the read: the next reconcile creates it.
        return Attempt.refused(e, List.of());
      }
      Attempt replanned = replanned(entry, e);
      if (replanned.refusal() != null) {
        refused.set(true);
      }
      return replanned;
    } catch (RuntimeException e) {
      refused.set(true);
      throw e;
    }
  }

  /**
   * A refused UPDATE or ADOPT as the Planner plans it again, carried out: the claims to expand
   * first, then the RECREATE; or the REFUSED entry's sentence as the refusal. Any other refusal
   * stays as the API server gave it.
   */
  private Attempt replanned(PlanEntry entry, ApplyException refusal) {
    List<PlanEntry> plan;
    try {
      plan =
          planner.refused(
              entry, refusal.refusal(), () -> writer.acceptedAsNew(entry), writer::claims);
    } catch (ApplyException e) {
      return Attempt.refused(e, List.of());
    }
    if (plan.isEmpty()) {
      return Attempt.refused(refusal, List.of());
    }
    List<Change> changes = new ArrayList<>();
    for (PlanEntry step : plan) {
      switch (step.action()) {
        case EXPAND_CLAIM -> {
          try {
            writer.apply(step);
            changes.add(new Change(step.ref(), Action.EXPAND_CLAIM, false));
          } catch (ApplyException e) {
            List<PlanEntry> stopped = planner.claimRefused(plan, step, e.refusal());
            return Attempt.refused(
                ApplyException.planned(
                    stopped.get(stopped.size() - 1),
                    ApplyException.Standstill.CLAIM_CANNOT_GROW,
                    e),
                changes);
          }
        }
        case RECREATE -> {
          return recreate(step, changes);
        }
        case REFUSED -> {
          return Attempt.refused(
              ApplyException.planned(step, ApplyException.Standstill.FIELD_CANNOT_CHANGE, refusal),
              changes);
        }
        default -> throw new IllegalStateException("not planned after a refusal: " + step);
      }
    }
    throw new IllegalStateException("a plan after a refusal ends in RECREATE or REFUSED: " + plan);
  }

  /**
   * Writes one entry: a server-side apply, or, for a create-only object that exists, only what its
   * ownership needs, since nothing else of it is ever written past its creation. After an apply,
   * what ownership needs and the apply could not take back (an adopt annotation, an owner reference
   * that a {@code keep} added later must lose) is patched.
   */
  private GenericKubernetesResource write(PlanEntry entry, Owner owner) {
    boolean adopting = entry.action() == Action.ADOPT;
    if (entry.action() != Action.CREATE && Lifecycle.of(entry.desired()).createOnly()) {
      OwnershipPatch ownership =
          OwnershipPatch.between(entry.desired(), entry.live(), owner, adopting);
      // A kept object adopted by the resource that kept it is owned as it is: nothing to write.
      return ownership.isEmpty()
          ? serialization.convertValue(entry.live(), GenericKubernetesResource.class)
          : writer.patchOwnership(entry.ref(), ownership);
    }
    GenericKubernetesResource applied = writer.apply(entry);
    OwnershipPatch rest = OwnershipPatch.between(entry.desired(), asMap(applied), owner, adopting);
    return rest.isEmpty() ? applied : writer.patchOwnership(entry.ref(), rest);
  }

  /**
   * Deletes the object of a RECREATE (orphaning what it made, when the entry says so), waits until
   * it is gone, and creates it again; {@code before} are the changes made for it already.
   */
  private Attempt recreate(PlanEntry entry, List<Change> before) {
    List<Change> changes = new ArrayList<>(before);
    try {
      if (entry.orphansDependents()) {
        writer.deleteOrphaning(entry.ref());
      } else {
        writer.delete(entry.ref());
      }
      long deadline = System.nanoTime() + DELETION_WAIT.toNanos();
      while (writer.get(entry.ref()).isPresent()) {
        if (System.nanoTime() > deadline) {
          throw new ApplyException(
              entry.ref(),
              "recreate",
              0,
              "it was deleted to be created again but is still there after "
                  + DELETION_WAIT.toSeconds()
                  + " s (a finalizer?)",
              null);
        }
        Thread.sleep(100);
      }
      PlanEntry create =
          new PlanEntry(
              entry.ref(),
              Action.CREATE,
              entry.desired(),
              null,
              entry.patch(),
              entry.template(),
              null,
              entry.ignored(),
              null,
              entry.generated());
      GenericKubernetesResource written = writer.apply(create);
      changes.add(new Change(entry.ref(), Action.RECREATE, false, entry.orphansDependents()));
      return written(written, changes);
    } catch (ApplyException e) {
      return Attempt.refused(e, changes);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Attempt.refused(
          new ApplyException(entry.ref(), "recreate", 0, "interrupted", e), changes);
    }
  }

  private Attempt written(GenericKubernetesResource written, List<Change> changes) {
    return new Attempt(written, asMap(written), null, null, changes);
  }

  private Map<String, Object> asMap(GenericKubernetesResource object) {
    return ResourceMaps.of(serialization, object);
  }

  /**
   * One apply: the object as stored (and as the plain map readiness reads), the object a create
   * found instead, or the refusal; none when it was not sent because another apply of the batch was
   * refused first.
   *
   * @param changes what it wrote, in order: claims expanded, then the object's own change; those
   *     made before a refusal too
   */
  private record Attempt(
      GenericKubernetesResource written,
      Map<String, Object> object,
      Map<String, Object> found,
      ApplyException refusal,
      List<Change> changes) {
    static final Attempt NOT_SENT = new Attempt(null, null, null, null, List.of());

    static Attempt refused(ApplyException refusal, List<Change> changes) {
      return new Attempt(null, null, null, refusal, List.copyOf(changes));
    }
  }
}
