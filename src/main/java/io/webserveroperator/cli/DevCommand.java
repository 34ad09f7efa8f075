package io.webserveroperator.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Placeholder until the issue that builds {@code dev} lands: it says so and fails. */
@Command(
    name = "dev",
    mixinStandardHelpOptions = true,
    description = "Start a local control plane with the CRD, the operator and the samples.")
final class DevCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().getErr().println("dev: not built yet");
    return 2;
  }
}
