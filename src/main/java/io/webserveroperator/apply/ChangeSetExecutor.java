package io.webserveroperator.apply;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.manifest.Claim;
import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.OwnershipPatch;
import io.webserveroperator.manifest.RenderedObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * Carries out a {@link Plan}, all or nothing as far as ownership goes:
 *
 * <ol>
 *   <li>A CONFLICT entry stops it before any request: someone else's object is never written.
 *   <li>CREATE entries are sent at once, create-only ({@link ObjectWriter#apply}). One that finds
 *       its object there already (the caches hold only objects with the operator's labels, and
 *       someone may create it meanwhile) reads it and plans it again with the resource's {@link
 *       Claim} on it: its own (a cache behind) is updated, an adoptable one adopted, anyone else's
 *       is a conflict, and then the objects this reconcile just created are deleted again and
 *       nothing else is sent. When the resource's last reconcile ended in a conflict, every CREATE
 *       object is read first instead, so that a conflict that stays costs no create and delete.
 *   <li>UPDATE and ADOPT entries are sent at once; an adopted object loses its adopt annotation. An
 *       update refused for an immutable field deletes and creates the object again when its
 *       template says {@code force: enabled}, and otherwise says how to allow that.
 *   <li>Only once every apply has succeeded, ORPHAN entries (kept by their {@code resource-policy})
 *       are dropped from the inventory, and PRUNE entries are deleted one after the other once
 *       every rendered child is ready as well (Argo CD's PruneLast): a renamed Deployment's old
 *       pods serve until the new ones do. While a child is not ready they stay, owned, and the
 *       {@link ChangeSet} lists them as deferred for a later reconcile.
 * </ol>
 *
 * <p>UNCHANGED entries cost no request. A refusal stops it: applies not yet sent are not sent,
 * those in flight are waited for, nothing is pruned, and the {@link ChangeSet} carries the refusal
 * of the earliest entry in plan order and every apply that succeeded. All but the last apply of a
 * batch go to the {@code applies} executor; the calling thread sends the last itself and returns
 * only when every one has ended, so that the work queue's promise of one reconcile per resource at
 * a time holds for its writes too.
 *
 * <p>Each applied object is told to the children's cache at once, so that the next reconcile plans
 * against it even before its watch event arrives. Stateless apart from its collaborators:
 * thread-safe when they are.
 */
public final class ChangeSetExecutor {

  /** How long a recreated object may take to be gone before it is created again. */
  private static final Duration DELETION_WAIT = Duration.ofSeconds(30);

  private final ObjectWriter writer;
  private final ReadCache children;
  private final KubernetesSerialization serialization;
  private final Executor applies;
  private final Planner planner = new Planner();

  /**
   * @param writer makes the requests; called from several threads at once
   * @param children the cache the planner reads live children from
   * @param serialization turns applied objects into the plain maps status rendering reads
   * @param applies runs all but the last apply of a batch; {@code Runnable::run} applies one after
   *     the other, in plan order
   */
  public ChangeSetExecutor(
      ObjectWriter writer,
      ReadCache children,
      KubernetesSerialization serialization,
      Executor applies) {
    this.writer = writer;
    this.children = children;
    this.serialization = serialization;
    this.applies = applies;
  }

  /**
   * What one reconcile asks of the executor besides its plan.
   *
   * @param owner the resource the objects are rendered for
   * @param inventory what the resource owned before, from its status
   * @param ignored the kind's {@code ignoreDifferences}, for objects planned again
   * @param updatesAreDrift whether the desired objects are those applied last time, so that an
   *     UPDATE puts back what someone else changed rather than following a new render
   * @param lookBeforeCreating read every CREATE object before creating it: the resource's last
   *     reconcile ended in an ownership conflict
   * @param ready judges a rendered child as it is after the applies; asked only when the plan
   *     prunes, which waits until it holds for every child
   */
  public record Request(
      Owner owner,
      Collection<ObjectRef> inventory,
      List<IgnoreDifference> ignored,
      boolean updatesAreDrift,
      boolean lookBeforeCreating,
      Predicate<Map<String, Object>> ready) {}

  /** Carries out the plan. */
  public ChangeSet execute(Plan plan, Request request) {
    Set<ObjectRef.Identity> listed = new HashSet<>();
    request.inventory().forEach(ref -> listed.add(ref.identity()));
    List<PlanEntry> entries = new ArrayList<>(plan.entries());
    List<Claim> conflicts = new ArrayList<>();
    plan.byAction(Action.CONFLICT).forEach(entry -> conflicts.add(entry.claim()));
    if (conflicts.isEmpty() && request.lookBeforeCreating()) {
      for (int i = 0; i < entries.size(); i++) {
        PlanEntry entry = entries.get(i);
        if (entry.action() == Action.CREATE) {
          Optional<GenericKubernetesResource> found = writer.get(entry.ref());
          if (found.isPresent()) {
            entries.set(i, planAgain(entry, found.get(), request, listed, conflicts));
          }
        }
      }
    }
    if (!conflicts.isEmpty()) {
      return refused(request, new OwnershipConflictException(conflicts));
    }
    Attempt[] attempts = new Attempt[entries.size()];
    AtomicBoolean refused = new AtomicBoolean();
    // 1. Creates, create-only: an object found there is planned again by the resource's claim.
    applyAll(entries, Action.CREATE, request.owner(), attempts, refused);
    for (int i = 0; i < entries.size(); i++) {
      Attempt attempt = attempts[i];
      if (attempt != null && attempt.refusal() != null && attempt.refusal().existed()) {
        Optional<GenericKubernetesResource> found = writer.get(entries.get(i).ref());
        if (found.isPresent()) {
          attempts[i] = null;
          entries.set(i, planAgain(entries.get(i), found.get(), request, listed, conflicts));
        }
      }
    }
    if (!conflicts.isEmpty()) {
      undoCreates(entries, attempts);
      return refused(request, new OwnershipConflictException(conflicts));
    }
    // 2. Updates and adoptions, unless a create was refused.
    applyAll(entries, Action.UPDATE, request.owner(), attempts, refused);
    // 3. What was done, in plan order; prunes only when nothing was refused and all is ready.
    List<Change> changes = new ArrayList<>();
    Set<ObjectRef> owned = new LinkedHashSet<>(request.inventory());
    Map<ObjectRef, Map<String, Object>> current = new LinkedHashMap<>();
    ApplyException refusal = null;
    for (int i = 0; i < entries.size(); i++) {
      PlanEntry entry = entries.get(i);
      Attempt attempt = attempts[i];
      if (entry.action() == Action.UNCHANGED) {
        current.put(entry.ref(), entry.live());
        owned.add(entry.ref());
      } else if (attempt != null && attempt.applied() != null) {
        children.wrote(attempt.applied());
        current.put(entry.ref(), attempt.object());
        owned.add(entry.ref());
        boolean drift = entry.action() == Action.UPDATE && request.updatesAreDrift();
        changes.add(new Change(entry.ref(), entry.action(), drift, attempt.recreated()));
      } else if (attempt != null && attempt.refusal() != null && refusal == null) {
        refusal = attempt.refusal();
      }
    }
    if (refusal != null) {
      return new ChangeSet(changes, List.copyOf(owned), current, List.of(), refusal);
    }
    boolean prunesWait =
        entries.stream().anyMatch(entry -> entry.action() == Action.PRUNE)
            && !current.values().stream().allMatch(request.ready());
    List<ObjectRef> deferred = new ArrayList<>();
    for (PlanEntry entry : entries) {
      if (entry.action() == Action.ORPHAN) {
        changes.add(new Change(entry.ref(), Action.ORPHAN, false));
        owned.remove(entry.ref());
      } else if (entry.action() == Action.PRUNE && prunesWait) {
        deferred.add(entry.ref());
      } else if (entry.action() == Action.PRUNE) {
        try {
          if (writer.prune(entry)) {
            changes.add(new Change(entry.ref(), Action.PRUNE, false));
          }
        } catch (ApplyException e) {
          return new ChangeSet(changes, List.copyOf(owned), current, List.of(), e);
        }
        owned.remove(entry.ref());
      }
    }
    return new ChangeSet(changes, List.copyOf(owned), current, deferred, null);
  }

  /** Nothing written: the old inventory, no children. */
  private static ChangeSet refused(Request request, OwnershipConflictException conflict) {
    return new ChangeSet(
        List.of(), List.copyOf(request.inventory()), Map.of(), List.of(), conflict);
  }

  /**
   * Plans again a CREATE entry whose object exists, from the resource's claim on it; a conflict is
   * added to {@code conflicts}.
   */
  private PlanEntry planAgain(
      PlanEntry create,
      GenericKubernetesResource found,
      Request request,
      Set<ObjectRef.Identity> listed,
      List<Claim> conflicts) {
    RenderedObject rendered = new RenderedObject(create.ref(), create.desired(), create.template());
    PlanEntry again =
        planner.judge(
            rendered,
            asMap(found),
            request.owner(),
            listed.contains(create.ref().identity()),
            request.ignored());
    if (again.action() == Action.CONFLICT) {
      conflicts.add(again.claim());
    }
    return again;
  }

  /**
   * Deletes what this reconcile created before a conflict was found, so that it applies nothing; an
   * object that cannot be deleted stays, owned by the resource, and goes with it.
   */
  private void undoCreates(List<PlanEntry> entries, Attempt[] attempts) {
    for (int i = 0; i < entries.size(); i++) {
      if (attempts[i] != null && attempts[i].applied() != null) {
        try {
          writer.delete(entries.get(i).ref());
        } catch (ApplyException e) {
          // Its owner reference names the resource: the garbage collector removes it with it.
        }
      }
    }
  }

  /**
   * Sends every entry of one batch at once (CREATE, or UPDATE with ADOPT) and waits for all of
   * them, unless an apply was refused already. An error other than a refusal (a bug, not an answer
   * of the API server) is thrown once every apply has ended.
   */
  private void applyAll(
      List<PlanEntry> entries,
      Action batch,
      Owner owner,
      Attempt[] attempts,
      AtomicBoolean refused) {
    List<Integer> indices = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      Action action = entries.get(i).action();
      boolean inBatch =
          batch == Action.CREATE
              ? action == Action.CREATE
              : action == Action.UPDATE || action == Action.ADOPT;
      if (inBatch && attempts[i] == null) {
        indices.add(i);
      }
    }
    if (indices.isEmpty() || refused.get()) {
      return;
    }
    List<CompletableFuture<Attempt>> pending = new ArrayList<>();
    for (int i : indices.subList(0, indices.size() - 1)) {
      PlanEntry entry = entries.get(i);
      pending.add(CompletableFuture.supplyAsync(() -> attempt(entry, owner, refused), applies));
    }
    CompletableFuture<Attempt> last = new CompletableFuture<>();
    try {
      last.complete(attempt(entries.get(indices.get(indices.size() - 1)), owner, refused));
    } catch (RuntimeException e) {
      last.completeExceptionally(e);
    }
    pending.add(last);
    RuntimeException error = null;
    for (int k = 0; k < pending.size(); k++) {
      try {
        attempts[indices.get(k)] = pending.get(k).join();
      } catch (CompletionException e) {
        error = error != null ? error : unwrap(e);
      }
    }
    if (error != null) {
      throw error;
    }
  }

  private static RuntimeException unwrap(CompletionException e) {
    return e.getCause() instanceof RuntimeException cause ? cause : e;
  }

  /**
   * Applies one entry, unless another was refused before it was sent. A create that finds its
   * object there does not count as refused: it is planned again.
   */
  private Attempt attempt(PlanEntry entry, Owner owner, AtomicBoolean refused) {
    if (refused.get()) {
      return Attempt.NOT_SENT;
    }
    try {
      return written(write(entry, owner), false);
    } catch (ApplyException e) {
      if (e.isImmutable()) {
        if (Lifecycle.of(entry.desired()).recreate()) {
          return recreate(entry, refused);
        }
        e = e.withRecreateHint();
      }
      if (!e.existed()) {
        refused.set(true);
      }
      return Attempt.refused(e);
    } catch (RuntimeException e) {
      refused.set(true);
      throw e;
    }
  }

  /** Deletes the object, waits until it is gone, and creates it again. */
  private Attempt recreate(PlanEntry entry, AtomicBoolean refused) {
    try {
      writer.delete(entry.ref());
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
              null);
      return written(writer.apply(create), true);
    } catch (ApplyException e) {
      refused.set(true);
      return Attempt.refused(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      refused.set(true);
      return Attempt.refused(new ApplyException(entry.ref(), "recreate", 0, "interrupted", e));
    }
  }

  /**
   * Writes one entry: a server-side apply, or, for a create-only object that exists, only what its
   * ownership needs, since nothing else of it is ever written past its creation. After an apply,
   * what ownership needs and the apply could not take back (an adopt annotation, an owner reference
   * that a {@code keep} added later must lose) is patched.
   */
  private GenericKubernetesResource write(PlanEntry entry, Owner owner) {
    if (entry.action() != Action.CREATE && Lifecycle.of(entry.desired()).createOnly()) {
      OwnershipPatch ownership = OwnershipPatch.between(entry.desired(), entry.live(), owner);
      // A kept object adopted by the resource that kept it is owned as it is: nothing to write.
      return ownership.isEmpty()
          ? serialization.convertValue(entry.live(), GenericKubernetesResource.class)
          : writer.patchOwnership(entry.ref(), ownership);
    }
    GenericKubernetesResource applied = writer.apply(entry);
    OwnershipPatch rest = OwnershipPatch.between(entry.desired(), asMap(applied), owner);
    return rest.isEmpty() ? applied : writer.patchOwnership(entry.ref(), rest);
  }

  private Attempt written(GenericKubernetesResource applied, boolean recreated) {
    return new Attempt(applied, asMap(applied), null, recreated);
  }

  private Map<String, Object> asMap(GenericKubernetesResource object) {
    return ResourceMaps.of(serialization, object);
  }

  /**
   * One apply: the object as stored (and as the plain map the status reads), or the refusal;
   * neither when it was not sent because another apply of the plan was refused first.
   *
   * @param recreated whether the object was deleted and created again for an immutable field
   */
  private record Attempt(
      GenericKubernetesResource applied,
      Map<String, Object> object,
      ApplyException refusal,
      boolean recreated) {
    static final Attempt NOT_SENT = new Attempt(null, null, null, false);

    static Attempt refused(ApplyException refusal) {
      return new Attempt(null, null, refusal, false);
    }
  }
}
