package io.webserveroperator.cli.exit;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.OperatorException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Ends a command that threw: one line {@code command: message} on stderr, and the stack trace only
 * for a bug ({@link Failure#BUG}) or with {@code --verbose}. The exit code is the command's own
 * error code when it documents one ({@code exitCodeOnExecutionException} set, as {@code diff} sets
 * 2), else the code of the kind of failure.
 */
final class FailureHandler implements IExecutionExceptionHandler {

  @Override
  public int handleExecutionException(Exception error, CommandLine command, ParseResult parsed) {
    Failure failure = Failure.of(error);
    PrintWriter err = command.getErr();
    String name = ErrorHandling.name(command);
    if (failure == Failure.BUG) {
      err.println(
          name
              + ": unexpected error, a bug: "
              + error
              + ". Please report it with the stack trace below.");
      error.printStackTrace(err);
    } else {
      err.println(name + ": " + message(error, failure));
      if (verbose(parsed)) {
        error.printStackTrace(err);
      }
    }
    err.flush();
    int own = command.getCommandSpec().exitCodeOnExecutionException();
    return own != CommandLine.ExitCode.SOFTWARE ? own : failure.code();
  }

  /** The error's own message; the Kubernetes client's, which says little, made into a sentence. */
  static String message(Throwable error, Failure failure) {
    if (failure != Failure.CLUSTER || error instanceof OperatorException) {
      return error.getMessage();
    }
    KubernetesClientException client = Failure.clientCause(error);
    if (client.getCode() > 0) {
      String reason =
          client.getStatus() != null && client.getStatus().getMessage() != null
              ? client.getStatus().getMessage()
              : "HTTP " + client.getCode();
      return "The cluster refused a request ("
          + client.getCode()
          + "): "
          + reason
          + ". Check the user and context that --kubeconfig, --context or KUBECONFIG choose.";
    }
    // The client's own message says nothing ("An error has occurred."); the first cause that says
    // something names the server ("Connection refused: /127.0.0.1:1").
    Throwable cause = client.getCause() == null ? client : client.getCause();
    while (cause.getMessage() == null && cause.getCause() != null) {
      cause = cause.getCause();
    }
    String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    return "Cannot reach the cluster: "
        + why
        + ". Check that its API server runs, and the server that --kubeconfig, --context or"
        + " KUBECONFIG choose.";
  }

  /** Whether {@code --verbose} was given, to the root command or any sub-command. */
  private static boolean verbose(ParseResult parsed) {
    for (ParseResult each = parsed; each != null; each = each.subcommand()) {
      if (each.hasMatchedOption(ErrorHandling.VERBOSE)) {
        return true;
      }
    }
    return false;
  }
}
