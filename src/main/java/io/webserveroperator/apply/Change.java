package io.webserveroperator.apply;

import io.webserveroperator.diff.Action;
import io.webserveroperator.manifest.ObjectRef;
import java.util.Objects;

/**
 * One write the operator made (or, in a dry run, would make).
 *
 * @param ref the object written
 * @param action CREATE, UPDATE, ADOPT, PRUNE, ORPHAN, RECREATE or EXPAND_CLAIM
 * @param drift whether an UPDATE put back fields that someone else had changed, rather than
 *     following a change of the resource or its templates
 * @param orphaned whether a RECREATE deleted the object orphaning its pods and claims, for the new
 *     one to adopt (a StatefulSet)
 */
public record Change(ObjectRef ref, Action action, boolean drift, boolean orphaned) {

  public Change {
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(action, "action");
    if (action == Action.UNCHANGED || action == Action.CONFLICT || action == Action.REFUSED) {
      throw new IllegalArgumentException(action + " is not a change: " + ref);
    }
  }

  /** A change that orphaned nothing. */
  public Change(ObjectRef ref, Action action, boolean drift) {
    this(ref, action, drift, false);
  }

  /** {@code Created Deployment ns/name}, for events and logs. */
  public String describe() {
    return verb() + " " + ref;
  }

  /** What was done, as the sentence before the object starts: {@code Created}. */
  public String verb() {
    return switch (action) {
      case CREATE -> "Created";
      case UPDATE -> drift ? "Corrected drift of" : "Updated";
      case RECREATE ->
          orphaned
              ? "Recreated (immutable field, pods and claims orphaned)"
              : "Recreated (immutable field)";
      case EXPAND_CLAIM -> "Expanded";
      case ADOPT -> "Adopted";
      case PRUNE -> "Pruned";
      case ORPHAN -> "Left in place (resource-policy: keep)";
      case UNCHANGED, CONFLICT, REFUSED ->
          throw new IllegalStateException(action + " is not a change");
    };
  }
}
