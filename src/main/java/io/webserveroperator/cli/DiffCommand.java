package io.webserveroperator.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Placeholder until the issue that builds {@code diff} lands: it says so and fails. */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description =
        "Show what applying the rendered manifests would change in a cluster (server-side dry run).")
final class DiffCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().getErr().println("diff: not built yet");
    return 2;
  }
}
