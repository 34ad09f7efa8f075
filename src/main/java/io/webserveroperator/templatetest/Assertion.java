package io.webserveroperator.templatetest;

/** One check of what a case renders. Implementations are immutable records. */
interface Assertion {

  /**
   * Returns when the assertion holds.
   *
   * @throws AssertionFailure saying what was expected and what rendered
   */
  void check(CaseContext context);

  /** How it is written in a test file, for messages: {@code equal spec.replicas}. */
  String describe();
}
