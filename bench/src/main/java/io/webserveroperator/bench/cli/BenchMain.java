package io.webserveroperator.bench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Entry point of {@code webserver-operator-bench.jar}: speed measurements that print numbers, one
 * sub-command per measurement.
 */
@Command(
    name = "webserver-operator-bench",
    mixinStandardHelpOptions = true,
    description = "Measure render speed and reconcile cost, and print the numbers.",
    subcommands = {BenchRenderCommand.class, BenchScaleCommand.class})
public final class BenchMain implements Callable<Integer> {

  @Spec CommandSpec spec;

  public static void main(String[] args) {
    // The plots are drawn with AWT's classes, never on a screen, also where DISPLAY is set.
    System.setProperty("java.awt.headless", "true");
    System.exit(new CommandLine(new BenchMain()).execute(args));
  }

  /** Without a sub-command: the usage, on standard error, and exit code 2. */
  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return 2;
  }
}
