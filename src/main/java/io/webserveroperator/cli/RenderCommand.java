package io.webserveroperator.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Placeholder until the issue that builds {@code render} lands: it says so and fails. */
@Command(
    name = "render",
    mixinStandardHelpOptions = true,
    description = "Render custom resources from files into the manifests the operator would apply.")
final class RenderCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().getErr().println("render: not built yet");
    return 2;
  }
}
