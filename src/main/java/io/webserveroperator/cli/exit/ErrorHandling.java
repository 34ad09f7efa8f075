package io.webserveroperator.cli.exit;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;

/**
 * Installs the error handling on a command line: {@link UsageErrorHandler} for what does not parse,
 * {@link FailureHandler} for what a command throws, and, in the help of every command that does not
 * document its own, the list of exit codes by kind of failure ({@link Failure}).
 */
public final class ErrorHandling {

  /** The option, inherited by every sub-command, that prints the stack trace of any error. */
  public static final String VERBOSE = "--verbose";

  private ErrorHandling() {}

  /** Installs the handlers on {@code root} and its sub-commands, and returns it. */
  public static CommandLine install(CommandLine root) {
    root.setParameterExceptionHandler(new UsageErrorHandler());
    root.setExecutionExceptionHandler(new FailureHandler());
    listExitCodes(root);
    return root;
  }

  private static void listExitCodes(CommandLine command) {
    var spec = command.getCommandSpec();
    if (spec.exitCodeOnExecutionException() == CommandLine.ExitCode.SOFTWARE
        && spec.usageMessage().exitCodeList().isEmpty()) {
      Map<String, String> codes = new LinkedHashMap<>();
      codes.put("0", "Success.");
      for (Failure failure : Failure.values()) {
        codes.put(Integer.toString(failure.code()), failure.meaning());
      }
      spec.usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(codes);
    }
    command.getSubcommands().values().forEach(ErrorHandling::listExitCodes);
  }

  /** The command's name as typed after the program's, {@code rollout status}. */
  static String name(CommandLine command) {
    Deque<String> names = new ArrayDeque<>();
    for (CommandLine each = command; each.getParent() != null; each = each.getParent()) {
      names.push(each.getCommandName());
    }
    return names.isEmpty() ? command.getCommandName() : String.join(" ", names);
  }
}
