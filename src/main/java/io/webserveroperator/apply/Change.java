package io.webserveroperator.apply;

import io.webserveroperator.diff.Action;
import io.webserveroperator.manifest.ObjectRef;
import java.util.Objects;

/**
 * One write the operator made (or, in a dry run, would make).
 *
 * @param ref the object written
 * @param action CREATE, UPDATE, ADOPT, PRUNE or ORPHAN
 * @param drift whether an UPDATE put back fields that someone else had changed, rather than
 *     following a change of the resource or its templates
 * @param recreated whether an UPDATE was refused for an immutable field and the object deleted and
 *     created again, as its {@code force: enabled} annotation allows
 */
public record Change(ObjectRef ref, Action action, boolean drift, boolean recreated) {

  public Change {
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(action, "action");
    if (action == Action.UNCHANGED || action == Action.CONFLICT) {
      throw new IllegalArgumentException(action + " is not a change: " + ref);
    }
  }

  /** A change that was not recreated. */
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
      case UPDATE ->
          recreated ? "Recreated (immutable field)" : drift ? "Corrected drift of" : "Updated";
      case ADOPT -> "Adopted";
      case PRUNE -> "Pruned";
      case ORPHAN -> "Left in place (resource-policy: keep)";
      case UNCHANGED, CONFLICT -> throw new IllegalStateException(action + " is not a change");
    };
  }
}
