package io.webserveroperator.cli;

import io.webserveroperator.cli.exit.ErrorHandling;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** Entry point of {@code webserver-operator.jar}: one sub-command per job. */
@Command(
    name = "webserver-operator",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "A Kubernetes operator whose behaviour lives in Jinja templates.",
    subcommands = {
      CreateCommand.class,
      RenderCommand.class,
      DiffCommand.class,
      TestCommand.class,
      LintCommand.class,
      RunCommand.class,
      RolloutCommand.class,
      DevCommand.class
    })
public final class Main implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Read by the error handling ({@link ErrorHandling}) from the parse result, on any command. */
  @Option(
      names = ErrorHandling.VERBOSE,
      scope = ScopeType.INHERIT,
      description = "On an error, also print its stack trace.")
  boolean verbose;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /**
   * The configured command line, shared by {@link #main} and the tests: user errors end in a
   * sentence and an exit code per kind of failure ({@link ErrorHandling}).
   */
  public static CommandLine commandLine() {
    return ErrorHandling.install(new CommandLine(new Main()));
  }

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }
}
