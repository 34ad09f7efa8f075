package io.webserveroperator.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Placeholder until the issue that builds {@code run} lands: it says so and fails. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = "Run the operator, which watches the kinds in watches.yaml and reconciles them.")
final class RunCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().getErr().println("run: not built yet");
    return 2;
  }
}
