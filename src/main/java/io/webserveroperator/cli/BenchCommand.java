package io.webserveroperator.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Placeholder until the issue that builds {@code bench} lands: it says so and fails. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Measure render speed and reconcile cost, and print the numbers.")
final class BenchCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().getErr().println("bench: not built yet");
    return 2;
  }
}
