package io.webserveroperator.apply;

import io.webserveroperator.diff.Action;
import io.webserveroperator.manifest.ObjectRef;
import java.util.Objects;

/**
 * One write the operator made (or, in a dry run, would make).
 *
 * @param ref the object written
 * @param action CREATE, UPDATE or PRUNE
 * @param drift whether an UPDATE put back fields that someone else had changed, rather than
 *     following a change of the resource or its templates
 */
public record Change(ObjectRef ref, Action action, boolean drift) {

  public Change {
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(action, "action");
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
      case PRUNE -> "Pruned";
      case UNCHANGED -> "Left unchanged";
    };
  }
}
