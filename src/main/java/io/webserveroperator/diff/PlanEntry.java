package io.webserveroperator.diff;

import io.webserveroperator.manifest.Claim;
import io.webserveroperator.manifest.GeneratedField;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.RenderedObject;
import java.util.Collections;
import java.util.List;
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
 *   <li>{@code PRUNE} and {@code ORPHAN}: {@code desired} and {@code template} are null; the patch
 *       is an empty array (the action says it all: delete the object, or leave it in place).
 *   <li>{@code ADOPT} and {@code CONFLICT}: both present; the patch is what applying would change,
 *       and {@code claim} says why the object may or may not be taken.
 *   <li>{@code RECREATE} and {@code REFUSED}: planned again from a refused UPDATE ({@link
 *       Planner#refused}), its sides and patch kept; {@code note} says why.
 *   <li>{@code EXPAND_CLAIM}: {@code desired} is the claim's new storage request (the merge patch
 *       sent), {@code live} the claim; {@code note} names the StatefulSet and both sizes.
 * </ul>
 *
 * @param ref the object
 * @param action what to do
 * @param desired the rendered object as given to the planner, or null for PRUNE
 * @param live the live object as found, or null for CREATE
 * @param patch the RFC 6902 operations, computed when first read; never null
 * @param template the template file that rendered the object, or null for PRUNE and ORPHAN
 * @param claim why an existing object that is not the resource's yet may (ADOPT) or may not
 *     (CONFLICT) be taken; null for every other action
 * @param ignored the fields an {@code ignoreDifferences} entry keeps out of the comparison and out
 *     of {@code desired} (yielded) or at their live value in it (ignored, held)
 * @param note why a RECREATE, EXPAND_CLAIM or REFUSED entry is planned, one sentence; null for
 *     every other action
 * @param generated the generated secrets of {@code desired}, at their live value or, where there is
 *     none, a new one ({@link GeneratedField})
 */
public record PlanEntry(
    ObjectRef ref,
    Action action,
    Map<String, Object> desired,
    Map<String, Object> live,
    Patch patch,
    String template,
    Claim claim,
    List<IgnoredField> ignored,
    String note,
    List<GeneratedField> generated) {

  public PlanEntry {
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(patch, "patch");
    if (action.unrendered() != (desired == null)) {
      throw new IllegalArgumentException(
          "the desired object for "
              + ref
              + " must be null exactly when the action is PRUNE or ORPHAN");
    }
    if ((action == Action.CREATE) == (live != null)) {
      throw new IllegalArgumentException(
          "the live object for " + ref + " must be null exactly when the action is CREATE");
    }
    if (action == Action.UNCHANGED && !patch.isEmpty()) {
      throw new IllegalArgumentException("an UNCHANGED entry for " + ref + " needs an empty patch");
    }
    if (!action.unrendered()) {
      Objects.requireNonNull(template, "template");
    }
    if ((action == Action.ADOPT || action == Action.CONFLICT) != (claim != null)) {
      throw new IllegalArgumentException(
          "the claim on " + ref + " must be given exactly when the action is ADOPT or CONFLICT");
    }
    if (action.afterRefusal() != (note != null)) {
      throw new IllegalArgumentException(
          "the note on "
              + ref
              + " must be given exactly when the action is planned after a refusal");
    }
    ignored = List.copyOf(ignored);
    generated = generated == null ? List.of() : List.copyOf(generated);
    desired = desired == null ? null : Collections.unmodifiableMap(desired);
    live = live == null ? null : Collections.unmodifiableMap(live);
  }

  /** An entry with no ignored and no generated fields. */
  public PlanEntry(
      ObjectRef ref,
      Action action,
      Map<String, Object> desired,
      Map<String, Object> live,
      Patch patch,
      String template,
      Claim claim) {
    this(ref, action, desired, live, patch, template, claim, List.of(), null, List.of());
  }

  /** An entry planned from the rendered and live objects, with the fields it ignores. */
  public PlanEntry(
      ObjectRef ref,
      Action action,
      Map<String, Object> desired,
      Map<String, Object> live,
      Patch patch,
      String template,
      Claim claim,
      List<IgnoredField> ignored) {
    this(ref, action, desired, live, patch, template, claim, ignored, null, List.of());
  }

  /** This entry planned again as {@code action} for the reason {@code note}. */
  PlanEntry as(Action action, String note) {
    return new PlanEntry(
        ref, action, desired, live, patch, template, null, ignored, note, generated);
  }

  /**
   * The rendered object this entry plans, as the planner would take it again: its desired body,
   * template and generated fields. Null for PRUNE and ORPHAN.
   */
  public RenderedObject rendered() {
    return desired == null ? null : new RenderedObject(ref, desired, template, generated);
  }

  /**
   * Whether the entry is something to show: the operator writes or deletes the object, drops it
   * from the inventory, or cannot take it (a CONFLICT, which {@code diff} reports as a difference).
   */
  public boolean isChange() {
    return action != Action.UNCHANGED;
  }

  /**
   * Whether carrying the entry out deletes its object orphaning what it made: a StatefulSet's
   * RECREATE, whose pods and claims stay for the new one to adopt.
   */
  public boolean orphansDependents() {
    return action == Action.RECREATE && Recreation.orphansDependents(ref);
  }

  /** An entry for an object the templates no longer render: PRUNE, or ORPHAN when it is kept. */
  public static PlanEntry unrendered(ObjectRef ref, Action action, Map<String, Object> live) {
    return new PlanEntry(ref, action, null, live, Patch.EMPTY, null, null);
  }
}
