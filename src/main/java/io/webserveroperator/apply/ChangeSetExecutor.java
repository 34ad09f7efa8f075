package io.webserveroperator.apply;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.manifest.ObjectRef;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Carries out a {@link Plan}: applies its CREATE and UPDATE entries at once, then, only once every
 * apply has succeeded, prunes its PRUNE entries one after the other. UNCHANGED entries cost no
 * request. A refusal stops it: applies not yet sent are not sent, those in flight are waited for,
 * nothing is pruned, and the {@link ChangeSet} carries the refusal of the earliest entry in plan
 * order and every apply that succeeded.
 *
 * <p>Server-side apply needs no order among a resource's children (an owner reference names the
 * resource, not a sibling), so sending them at once costs the reconcile one round trip instead of
 * one per child. All but the last go to the {@code applies} executor; the calling thread sends the
 * last itself and returns only when every one has ended, so that the work queue's promise of one
 * reconcile per resource at a time holds for its writes too.
 *
 * <p>Each applied object is told to the children's cache at once, so that the next reconcile plans
 * against it even before its watch event arrives. Stateless apart from its collaborators:
 * thread-safe when they are.
 */
public final class ChangeSetExecutor {

  private final ObjectWriter writer;
  private final ReadCache children;
  private final KubernetesSerialization serialization;
  private final Executor applies;

  /**
   * @param writer makes the writes; called from several threads at once
   * @param children the cache the planner reads live children from
   * @param serialization turns applied objects into the plain maps status rendering reads
   * @param applies runs all but the last apply of a plan; {@code Runnable::run} applies one after
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
   * Carries out the plan.
   *
   * @param inventory what the resource owned before, from its status
   * @param updatesAreDrift whether the desired objects are those applied last time, so that an
   *     UPDATE puts back what someone else changed rather than following a new render
   */
  public ChangeSet execute(Plan plan, Collection<ObjectRef> inventory, boolean updatesAreDrift) {
    List<PlanEntry> toApply =
        plan.entries().stream()
            .filter(e -> e.action() == Action.CREATE || e.action() == Action.UPDATE)
            .toList();
    List<Attempt> attempts = applyAll(toApply);
    List<Change> changes = new ArrayList<>();
    Set<ObjectRef> owned = new LinkedHashSet<>(inventory);
    Map<ObjectRef, Map<String, Object>> current = new LinkedHashMap<>();
    ApplyException refusal = null;
    int next = 0;
    for (PlanEntry entry : plan.entries()) {
      switch (entry.action()) {
        case UNCHANGED -> {
          current.put(entry.ref(), entry.live());
          owned.add(entry.ref());
        }
        case CREATE, UPDATE -> {
          Attempt attempt = attempts.get(next++);
          if (attempt.applied() != null) {
            children.wrote(attempt.applied());
            current.put(entry.ref(), asMap(attempt.applied()));
            owned.add(entry.ref());
            changes.add(
                new Change(
                    entry.ref(),
                    entry.action(),
                    entry.action() == Action.UPDATE && updatesAreDrift));
          } else if (attempt.refusal() != null && refusal == null) {
            refusal = attempt.refusal();
          }
        }
        case PRUNE -> {
          // Pruned below, once every apply has succeeded.
        }
      }
    }
    if (refusal != null) {
      return new ChangeSet(changes, List.copyOf(owned), current, refusal);
    }
    for (PlanEntry entry : plan.byAction(Action.PRUNE)) {
      try {
        if (writer.prune(entry)) {
          changes.add(new Change(entry.ref(), Action.PRUNE, false));
        }
      } catch (ApplyException e) {
        return new ChangeSet(changes, List.copyOf(owned), current, e);
      }
      owned.remove(entry.ref());
    }
    return new ChangeSet(changes, List.copyOf(owned), current, null);
  }

  /**
   * Sends every CREATE and UPDATE at once and waits for all of them. An error other than a refusal
   * (a bug, not an answer of the API server) is thrown once every apply has ended.
   */
  private List<Attempt> applyAll(List<PlanEntry> entries) {
    if (entries.isEmpty()) {
      return List.of();
    }
    AtomicBoolean refused = new AtomicBoolean();
    List<CompletableFuture<Attempt>> pending = new ArrayList<>();
    for (PlanEntry entry : entries.subList(0, entries.size() - 1)) {
      pending.add(CompletableFuture.supplyAsync(() -> attempt(entry, refused), applies));
    }
    CompletableFuture<Attempt> last = new CompletableFuture<>();
    try {
      last.complete(attempt(entries.get(entries.size() - 1), refused));
    } catch (RuntimeException e) {
      last.completeExceptionally(e);
    }
    pending.add(last);
    List<Attempt> attempts = new ArrayList<>();
    RuntimeException error = null;
    for (CompletableFuture<Attempt> future : pending) {
      try {
        attempts.add(future.join());
      } catch (CompletionException e) {
        error = error != null ? error : unwrap(e);
      }
    }
    if (error != null) {
      throw error;
    }
    return attempts;
  }

  private static RuntimeException unwrap(CompletionException e) {
    return e.getCause() instanceof RuntimeException cause ? cause : e;
  }

  /** Applies one entry, unless another was refused before it was sent. */
  private Attempt attempt(PlanEntry entry, AtomicBoolean refused) {
    if (refused.get()) {
      return new Attempt(null, null);
    }
    try {
      return new Attempt(writer.apply(entry), null);
    } catch (ApplyException e) {
      refused.set(true);
      return new Attempt(null, e);
    } catch (RuntimeException e) {
      refused.set(true);
      throw e;
    }
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> asMap(GenericKubernetesResource object) {
    return serialization.convertValue(object, Map.class);
  }

  /**
   * One apply: the object as stored, or the refusal; neither when it was not sent because another
   * apply of the plan was refused first.
   */
  private record Attempt(GenericKubernetesResource applied, ApplyException refusal) {}
}
