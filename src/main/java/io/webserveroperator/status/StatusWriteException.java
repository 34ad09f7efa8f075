package io.webserveroperator.status;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.ObjectRef;

/**
 * The API server refused a resource's status patch. {@link #code()} is the HTTP status: 404 means
 * the resource is gone, 0 no answer at all.
 */
public final class StatusWriteException extends OperatorException {

  private final int code;

  public StatusWriteException(ObjectRef ref, int code, String reason, Throwable cause) {
    super(ref + " status patch failed: " + reason, cause);
    this.code = code;
  }

  public int code() {
    return code;
  }
}
