package io.webserveroperator.templatetest;

/**
 * An assertion that does not hold, with a message for the template author: what was expected, what
 * rendered, and a diff where one helps. Thrown by {@link Assertion#check}, caught by the runner,
 * which records it against the case.
 */
final class AssertionFailure extends RuntimeException {

  private static final long serialVersionUID = 1L;

  AssertionFailure(String message) {
    super(message, null, false, false);
  }
}
