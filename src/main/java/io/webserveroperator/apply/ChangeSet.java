package io.webserveroperator.apply;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.ObjectRef;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What carrying out a plan did, as a value (flux's ssa {@code ApplyAll} returns a ChangeSet too).
 *
 * @param changes the writes made, in order: the applies in plan order, then the prunes and the
 *     objects left in place
 * @param owned what the resource owns now, for its status inventory: the old inventory plus every
 *     object applied or found unchanged, less those pruned or left in place; after a refusal, the
 *     applies that succeeded beside it count too; deferred prunes stay
 * @param children every rendered object as it is now (the API server's answer to its apply, or the
 *     cached copy when unchanged), for readiness and the status template; after a failure, those
 *     applied or unchanged
 * @param deferred the objects no longer rendered whose prune waits for every child to be ready, in
 *     plan order; empty after a failure, when nothing is pruned anyway
 * @param failure what stopped it, or null when every entry was carried out: an {@link
 *     OwnershipConflictException} when objects the templates render belong to someone else (nothing
 *     was written), else the {@link ApplyException} of the earliest entry in plan order that was
 *     refused
 */
public record ChangeSet(
    List<Change> changes,
    List<ObjectRef> owned,
    Map<ObjectRef, Map<String, Object>> children,
    List<ObjectRef> deferred,
    OperatorException failure) {

  public ChangeSet {
    changes = List.copyOf(changes);
    owned = List.copyOf(owned);
    children = Collections.unmodifiableMap(new LinkedHashMap<>(children));
    deferred = List.copyOf(deferred);
  }

  /** Whether a conflict or a refusal stopped it, so that nothing was pruned. */
  public boolean failed() {
    return failure != null;
  }
}
