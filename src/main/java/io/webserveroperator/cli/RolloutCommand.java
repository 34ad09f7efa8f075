package io.webserveroperator.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code rollout}: the template rollouts of a running operator, one sub-command per question. */
@Command(
    name = "rollout",
    mixinStandardHelpOptions = true,
    description = "Look at the rollouts of template revisions in a cluster.",
    exitCodeOnInvalidInput = RolloutStatusCommand.FAILED,
    exitCodeOnExecutionException = RolloutStatusCommand.FAILED,
    subcommands = {RolloutStatusCommand.class})
final class RolloutCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return RolloutStatusCommand.FAILED;
  }
}
