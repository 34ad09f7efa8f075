package io.webserveroperator.apply;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ObjectRef;
import java.util.regex.Pattern;

/**
 * The API server refused to apply, read or delete one object. {@link #code()} is the HTTP status:
 * 422 means the rendered object is invalid (retrying will not help until the template or resource
 * changes), 409 a conflict, 0 no answer at all.
 */
public class ApplyException extends OperatorException {

  /**
   * How the API server words a refusal to change a field that is set once: {@code field is
   * immutable} (a Deployment's selector, a Job's template), {@code may not change once set} (a
   * Service's clusterIP).
   */
  private static final Pattern IMMUTABLE =
      Pattern.compile("immutable|may not change once set", Pattern.CASE_INSENSITIVE);

  private final ObjectRef ref;
  private final String verb;
  private final int code;
  private final String reason;
  private final boolean existed;

  public ApplyException(ObjectRef ref, String verb, int code, String reason, Throwable cause) {
    this(ref, verb, code, reason, cause, false);
  }

  private ApplyException(
      ObjectRef ref, String verb, int code, String reason, Throwable cause, boolean existed) {
    super(ref + " " + verb + " failed: " + reason, cause);
    this.ref = ref;
    this.verb = verb;
    this.code = code;
    this.reason = reason;
    this.existed = existed;
  }

  /** A create-only apply found the object there already, and wrote nothing. */
  public static ApplyException existed(ObjectRef ref, String reason, Throwable cause) {
    return new ApplyException(ref, "create", 409, reason, cause, true);
  }

  public ObjectRef ref() {
    return ref;
  }

  public int code() {
    return code;
  }

  /** Whether a create-only apply found the object there already, so that nothing was written. */
  public boolean existed() {
    return existed;
  }

  /** Whether the object itself is wrong, so that only a change of template or resource helps. */
  public boolean isInvalid() {
    return code == 422 || code == 400;
  }

  /** Whether the API server refused to change a field that can only be set when creating. */
  public boolean isImmutable() {
    return isInvalid() && IMMUTABLE.matcher(reason).find();
  }

  /** The same refusal, saying how the template lets the operator delete and create it again. */
  ApplyException withRecreateHint() {
    return new ApplyException(
        ref,
        verb,
        code,
        reason
            + ". The field can only be set when "
            + ref
            + " is created; to let the operator delete and create it again, annotate it "
            + Lifecycle.FORCE
            + ": enabled in its template",
        getCause(),
        false);
  }
}
