package io.webserveroperator.dev;

import io.webserveroperator.OperatorException;

/** The local cluster could not be started or used; the message says which component and why. */
public class DevClusterException extends OperatorException {

  public DevClusterException(String message) {
    super(message);
  }

  public DevClusterException(String message, Throwable cause) {
    super(message, cause);
  }
}
