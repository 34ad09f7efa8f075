package io.webserveroperator.apply;

import io.webserveroperator.OperatorException;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.Refusal;
import io.webserveroperator.manifest.ObjectRef;
import java.util.List;
import java.util.Objects;

/**
 * The API server refused to apply, read or delete one object. {@link #refusal()} is its answer as
 * data: the HTTP status code (422 or 400: the rendered object is invalid; 409 a conflict; 0 no
 * answer at all), the reason and the causes. The message is one sentence for people, with values
 * the API server dumps whole left out.
 */
public class ApplyException extends OperatorException {

  /**
   * Why a refusal stops the resource until it or its templates change, when it is one the operator
   * planned for ({@link io.webserveroperator.diff.Planner#refused}).
   */
  public enum Standstill {
    /** Not planned for: judged by its code alone. */
    NONE,
    /** Fields that cannot change, and no {@code force: enabled} (or a claim, never recreated). */
    FIELD_CANNOT_CHANGE,
    /** A StatefulSet's claim cannot grow, so the StatefulSet is not recreated. */
    CLAIM_CANNOT_GROW
  }

  private final ObjectRef ref;
  private final String verb;
  private final transient Refusal refusal;
  private final boolean existed;
  private final Standstill standstill;

  /** A refusal without causes: {@code reason} is what the API server or the client said. */
  public ApplyException(ObjectRef ref, String verb, int code, String reason, Throwable cause) {
    this(ref, verb, new Refusal(code, "", reason, List.of()), cause);
  }

  /** The API server's answer {@code refusal} to {@code verb} on {@code ref}. */
  public ApplyException(ObjectRef ref, String verb, Refusal refusal, Throwable cause) {
    this(
        ref,
        verb,
        refusal,
        cause,
        false,
        Standstill.NONE,
        ref + " " + verb + " failed: " + refusal.readable());
  }

  private ApplyException(
      ObjectRef ref,
      String verb,
      Refusal refusal,
      Throwable cause,
      boolean existed,
      Standstill standstill,
      String message) {
    super(message, cause);
    this.ref = ref;
    this.verb = verb;
    this.refusal = Objects.requireNonNull(refusal, "refusal");
    this.existed = existed;
    this.standstill = standstill;
  }

  /** A create-only apply found the object there already, and wrote nothing. */
  public static ApplyException existed(ObjectRef ref, Refusal refusal, Throwable cause) {
    return new ApplyException(
        ref,
        Applier.CREATE_VERB,
        refusal,
        cause,
        true,
        Standstill.NONE,
        ref + " create failed: " + refusal.readable());
  }

  /**
   * A refusal planned for: {@code refused} is the REFUSED entry whose note is the sentence to tell,
   * {@code original} the exception of the API server's answer.
   */
  static ApplyException planned(PlanEntry refused, Standstill standstill, ApplyException original) {
    if (refused.action() != Action.REFUSED || standstill == Standstill.NONE) {
      throw new IllegalArgumentException("not a planned refusal: " + refused);
    }
    return new ApplyException(
        refused.ref(),
        original.verb,
        original.refusal,
        original,
        false,
        standstill,
        refused.note());
  }

  public ObjectRef ref() {
    return ref;
  }

  public int code() {
    return refusal.code();
  }

  /** The API server's answer. */
  public Refusal refusal() {
    return refusal;
  }

  /** Whether a create-only apply found the object there already, so that nothing was written. */
  public boolean existed() {
    return existed;
  }

  /** Whether the object itself is wrong, so that only a change of template or resource helps. */
  public boolean isInvalid() {
    return refusal.isInvalid();
  }

  /** Why the refusal stops the resource, when it is one the operator planned for. */
  public Standstill standstill() {
    return standstill;
  }

  /**
   * Whether retrying the same write cannot help, only a change of the resource or its templates: a
   * planned refusal, an invalid object, or an update forbidden (403: an admission plugin such as
   * the one that refuses to grow a claim, or RBAC).
   */
  public boolean isTerminal() {
    return standstill != Standstill.NONE
        || isInvalid()
        || (code() == 403 && verb.equals(Applier.UPDATE_VERB));
  }
}
