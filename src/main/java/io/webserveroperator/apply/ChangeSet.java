package io.webserveroperator.apply;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.ReadinessReport;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What carrying out one reconcile's plan did, as a value (flux's ssa {@code ApplyAll} returns a
 * ChangeSet too).
 *
 * @param changes the writes made, in order: the creates, the updates and adoptions, then the prunes
 *     and the objects left in place
 * @param inventory what the resource owns now, for its status: the old inventory plus every object
 *     applied or found unchanged, less those pruned or left in place; after a refusal, the applies
 *     that succeeded beside it count too; deferred prunes stay
 * @param children every rendered object as it is now (the API server's answer to its write, or the
 *     cached copy when unchanged), in render order; after a failure, those written or unchanged
 * @param readiness the children's readiness, judged once after the writes; none after a failure
 * @param deferred the objects no longer rendered whose prune waits for every child to be ready (or
 *     for the prunes of a higher wave to be gone), in plan order
 * @param waits the rendered objects left as they are because what they wait for is not ready
 * @param failure what stopped it, or null: an {@link OwnershipConflictException} when objects the
 *     templates render belong to someone else (nothing was written), else the {@link
 *     ApplyException} of the earliest refused write
 */
public record ChangeSet(
    List<Change> changes,
    Inventory inventory,
    Map<ObjectRef, Map<String, Object>> children,
    ReadinessReport readiness,
    List<ObjectRef> deferred,
    List<Wait> waits,
    OperatorException failure) {

  public ChangeSet {
    changes = List.copyOf(changes);
    children = Collections.unmodifiableMap(new LinkedHashMap<>(children));
    deferred = List.copyOf(deferred);
    waits = List.copyOf(waits);
  }

  /** Nothing written, for {@code failure}: the old inventory, no children. */
  public static ChangeSet refused(Inventory inventory, OperatorException failure) {
    return new ChangeSet(
        List.of(), inventory, Map.of(), ReadinessReport.none(), List.of(), List.of(), failure);
  }

  /** This change set after {@code earlier} changes (a hook's run created before it). */
  public ChangeSet after(List<Change> earlier) {
    List<Change> all = new ArrayList<>(earlier);
    all.addAll(changes);
    return new ChangeSet(all, inventory, children, readiness, deferred, waits, failure);
  }

  /** This change set with {@code later} changes and, when given, one more wait. */
  public ChangeSet then(List<Change> later, Optional<Wait> wait) {
    List<Change> all = new ArrayList<>(changes);
    all.addAll(later);
    List<Wait> moreWaits = new ArrayList<>(waits);
    wait.ifPresent(moreWaits::add);
    return new ChangeSet(all, inventory, children, readiness, deferred, moreWaits, failure);
  }

  /** Whether every rendered object is applied and ready, and nothing waits to be pruned. */
  public boolean settled() {
    return failure == null && waits.isEmpty() && deferred.isEmpty() && readiness.allReady();
  }

  /** Whether a conflict or a refusal stopped it, so that nothing was pruned. */
  public boolean failed() {
    return failure != null;
  }
}
