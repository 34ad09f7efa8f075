package io.webserveroperator.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

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
      DevCommand.class,
      BenchCommand.class
    })
public final class Main implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line, shared by {@link #main} and the tests. */
  public static CommandLine commandLine() {
    return new CommandLine(new Main());
  }

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }
}
