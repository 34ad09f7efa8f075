package io.webserveroperator.template;

import io.webserveroperator.OperatorException;

/**
 * A lookup that cannot be answered, in a sentence that says what to do: the API server does not
 * serve the kind, or the operator may not list and watch it there (naming the RBAC rule to grant).
 * A render that makes it fails at the template line of the call.
 */
public class LookupException extends OperatorException {

  private static final long serialVersionUID = 1L;

  public LookupException(String message) {
    super(message);
  }

  public LookupException(String message, Throwable cause) {
    super(message, cause);
  }
}
