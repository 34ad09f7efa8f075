package io.webserveroperator.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code create}: starts new things in the project; {@code create api} a kind of one's own. */
@Command(
    name = "create",
    mixinStandardHelpOptions = true,
    description = "Start new things in the project: create api starts a kind of your own.",
    subcommands = {CreateApiCommand.class})
final class CreateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return 2;
  }
}
