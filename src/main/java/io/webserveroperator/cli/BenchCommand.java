package io.webserveroperator.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bench}: speed measurements that print numbers, one sub-command per measurement. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Measure render speed and reconcile cost, and print the numbers.",
    subcommands = {BenchRenderCommand.class, BenchScaleCommand.class})
final class BenchCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return 2;
  }
}
