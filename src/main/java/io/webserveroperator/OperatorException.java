package io.webserveroperator;

/**
 * Root of every error the operator raises on purpose. Subtypes carry the object they concern and
 * say, in a full sentence, what went wrong and what to do.
 */
public class OperatorException extends RuntimeException {

  public OperatorException(String message) {
    super(message);
  }

  public OperatorException(String message, Throwable cause) {
    super(message, cause);
  }
}
