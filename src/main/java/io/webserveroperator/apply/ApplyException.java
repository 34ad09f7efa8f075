package io.webserveroperator.apply;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.ObjectRef;

/**
 * The API server refused to apply or delete one object. {@link #code()} is the HTTP status: 422
 * means the rendered object is invalid (retrying will not help until the template or resource
 * changes), 409 a conflict, 0 no answer at all.
 */
public class ApplyException extends OperatorException {

  private final ObjectRef ref;
  private final int code;

  public ApplyException(ObjectRef ref, String verb, int code, String reason, Throwable cause) {
    super(ref + " " + verb + " failed: " + reason, cause);
    this.ref = ref;
    this.code = code;
  }

  public ObjectRef ref() {
    return ref;
  }

  public int code() {
    return code;
  }

  /** Whether the object itself is wrong, so that only a change of template or resource helps. */
  public boolean isInvalid() {
    return code == 422 || code == 400;
  }
}
