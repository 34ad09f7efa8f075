package io.webserveroperator.apply;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.ReadinessReport;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * @param deferred the objects no longer rendered whose prune waits for every child to be ready, in
 *     plan order
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
    OperatorException failure) {

  public ChangeSet {
    changes = List.copyOf(changes);
    children = Collections.unmodifiableMap(new LinkedHashMap<>(children));
    deferred = List.copyOf(deferred);
  }

  /** Nothing written, for {@code failure}: the old inventory, no children. */
  public static ChangeSet refused(Inventory inventory, OperatorException failure) {
    return new ChangeSet(
        List.of(), inventory, Map.of(), ReadinessReport.none(), List.of(), failure);
  }

  /** Whether a conflict or a refusal stopped it, so that nothing was pruned. */
  public boolean failed() {
    return failure != null;
  }
}
