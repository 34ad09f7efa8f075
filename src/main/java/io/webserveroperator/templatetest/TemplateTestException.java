package io.webserveroperator.templatetest;

import io.webserveroperator.OperatorException;

/** A test file that cannot be read or says something this tool does not understand. */
public final class TemplateTestException extends OperatorException {

  public TemplateTestException(String message) {
    super(message);
  }

  public TemplateTestException(String message, Throwable cause) {
    super(message, cause);
  }
}
