package io.webserveroperator.diff;

import com.fasterxml.jackson.databind.JsonNode;
import io.webserveroperator.manifest.ObjectRef;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;

/**
 * One planned step for one object.
 *
 * <p>The patch is an RFC 6902 array of {@code add}, {@code remove} and {@code replace} operations
 * that turns the normalised live projection (the live object cut down to the fields the template
 * sets) into the normalised desired object. It explains the action; it is not what gets sent, since
 * the applier sends {@code desired} with server-side apply. By action:
 *
 * <ul>
 *   <li>{@code CREATE}: {@code live} is null; the patch adds every top-level field of the desired
 *       object to an empty object.
 *   <li>{@code UPDATE}: both present; the patch is not empty.
 *   <li>{@code UNCHANGED}: both present; the patch is an empty array.
 *   <li>{@code PRUNE}: {@code desired} and {@code template} are null; the patch is an empty array
 *       (the action says it all: delete the object).
 * </ul>
 *
 * @param ref the object
 * @param action what to do
 * @param desired the rendered object as given to the planner, or null for PRUNE
 * @param live the live object as found, or null for CREATE
 * @param patch the RFC 6902 operations, never null
 * @param template the template file that rendered the object, or null for PRUNE
 */
public record PlanEntry(
    ObjectRef ref,
    Action action,
    Map<String, Object> desired,
    Map<String, Object> live,
    JsonNode patch,
    String template) {

  public PlanEntry {
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(patch, "patch");
    if (!patch.isArray()) {
      throw new IllegalArgumentException("the patch for " + ref + " must be a JSON array");
    }
    if ((action == Action.PRUNE) != (desired == null)) {
      throw new IllegalArgumentException(
          "the desired object for " + ref + " must be null exactly when the action is PRUNE");
    }
    if ((action == Action.CREATE) == (live != null)) {
      throw new IllegalArgumentException(
          "the live object for " + ref + " must be null exactly when the action is CREATE");
    }
    if (action == Action.UNCHANGED && !patch.isEmpty()) {
      throw new IllegalArgumentException("an UNCHANGED entry for " + ref + " needs an empty patch");
    }
    if (action != Action.PRUNE) {
      Objects.requireNonNull(template, "template");
    }
    desired = desired == null ? null : Collections.unmodifiableMap(desired);
    live = live == null ? null : Collections.unmodifiableMap(live);
  }

  /** Whether the operator has to write or delete something for this entry. */
  public boolean isChange() {
    return action != Action.UNCHANGED;
  }
}
