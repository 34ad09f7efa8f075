package io.webserveroperator.cli.exit;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Ends a command line that does not parse (an unknown option, a missing or malformed value) or that
 * a command refused as such: the error, picocli's suggestions for a misspelt option or command, and
 * where the help is, instead of the whole usage text. Exit code: the command's {@code
 * exitCodeOnInvalidInput}, {@link Failure#USAGE} unless it documents another.
 */
final class UsageErrorHandler implements IParameterExceptionHandler {

  @Override
  public int handleParseException(ParameterException error, String[] args) {
    CommandLine command = error.getCommandLine();
    PrintWriter err = command.getErr();
    err.println(ErrorHandling.name(command) + ": " + error.getMessage());
    UnmatchedArgumentException.printSuggestions(error, err);
    err.println(
        "Run '" + command.getCommandSpec().qualifiedName() + " --help' for what it accepts.");
    err.flush();
    return command.getCommandSpec().exitCodeOnInvalidInput();
  }
}
