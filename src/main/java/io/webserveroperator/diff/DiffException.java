package io.webserveroperator.diff;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.ObjectRef;

/** Planning or printing a difference failed for one object. */
public class DiffException extends OperatorException {

  private final transient ObjectRef ref;

  public DiffException(ObjectRef ref, String message) {
    super(ref + ": " + message);
    this.ref = ref;
  }

  public DiffException(ObjectRef ref, String message, Throwable cause) {
    super(ref + ": " + message, cause);
    this.ref = ref;
  }

  /** The object concerned. */
  public ObjectRef ref() {
    return ref;
  }
}
