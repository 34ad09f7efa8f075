package io.webserveroperator.bench;

import io.webserveroperator.OperatorException;

/** The benchmark could not run: a process did not start, or the cluster never settled. */
public class BenchException extends OperatorException {

  public BenchException(String message) {
    super(message);
  }

  public BenchException(String message, Throwable cause) {
    super(message, cause);
  }
}
