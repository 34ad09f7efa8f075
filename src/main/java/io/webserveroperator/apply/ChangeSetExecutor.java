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

/**
 * Carries out a {@link Plan}: applies its CREATE and UPDATE entries in plan order, then, only once
 * every apply has succeeded, prunes its PRUNE entries. UNCHANGED entries cost no request. The first
 * refusal stops it; the {@link ChangeSet} says what was done until then.
 *
 * <p>Each applied object is told to the children's cache at once, so that the next reconcile plans
 * against it even before its watch event arrives. Stateless apart from its collaborators:
 * thread-safe when they are.
 */
public final class ChangeSetExecutor {

  private final ObjectWriter writer;
  private final ReadCache children;
  private final KubernetesSerialization serialization;

  /**
   * @param writer makes the writes
   * @param children the cache the planner reads live children from
   * @param serialization turns applied objects into the plain maps status rendering reads
   */
  public ChangeSetExecutor(
      ObjectWriter writer, ReadCache children, KubernetesSerialization serialization) {
    this.writer = writer;
    this.children = children;
    this.serialization = serialization;
  }

  /**
   * Carries out the plan.
   *
   * @param inventory what the resource owned before, from its status
   * @param updatesAreDrift whether the desired objects are those applied last time, so that an
   *     UPDATE puts back what someone else changed rather than following a new render
   */
  public ChangeSet execute(Plan plan, Collection<ObjectRef> inventory, boolean updatesAreDrift) {
    List<Change> changes = new ArrayList<>();
    Set<ObjectRef> owned = new LinkedHashSet<>(inventory);
    Map<ObjectRef, Map<String, Object>> current = new LinkedHashMap<>();
    for (PlanEntry entry : plan.entries()) {
      switch (entry.action()) {
        case UNCHANGED -> current.put(entry.ref(), entry.live());
        case CREATE, UPDATE -> {
          GenericKubernetesResource applied;
          try {
            applied = writer.apply(entry);
          } catch (ApplyException e) {
            return new ChangeSet(changes, List.copyOf(owned), current, e);
          }
          children.wrote(applied);
          current.put(entry.ref(), asMap(applied));
          changes.add(
              new Change(
                  entry.ref(), entry.action(), entry.action() == Action.UPDATE && updatesAreDrift));
        }
        case PRUNE -> {
          // Pruned below, once every apply has succeeded.
        }
      }
      if (entry.action() != Action.PRUNE) {
        owned.add(entry.ref());
      }
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

  @SuppressWarnings("unchecked")
  private Map<String, Object> asMap(GenericKubernetesResource object) {
    return serialization.convertValue(object, Map.class);
  }
}
