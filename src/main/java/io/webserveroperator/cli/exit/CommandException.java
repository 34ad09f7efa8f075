package io.webserveroperator.cli.exit;

import io.webserveroperator.OperatorException;
import java.util.Objects;

/**
 * A user's error that a command found, with the kind of failure that sets the exit code; the
 * message says in one or two sentences what is wrong and what to do.
 */
public final class CommandException extends OperatorException {

  private final Failure failure;

  public CommandException(Failure failure, String message) {
    super(message);
    this.failure = Objects.requireNonNull(failure, "failure");
  }

  public CommandException(Failure failure, String message, Throwable cause) {
    super(message, cause);
    this.failure = Objects.requireNonNull(failure, "failure");
  }

  /** What kind of failure it is. */
  public Failure failure() {
    return failure;
  }
}
