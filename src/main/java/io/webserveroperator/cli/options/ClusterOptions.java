package io.webserveroperator.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --kubeconfig} and {@code --context}: which cluster, found as kubectl finds it. */
public final class ClusterOptions {

  @Option(names = "--kubeconfig", description = "Kubeconfig file (default: as kubectl finds it).")
  Path kubeconfig;

  @Option(names = "--context", description = "Kubeconfig context (default: the current one).")
  String context;

  /** The kubeconfig file given; null to find it as kubectl does. */
  public Path kubeconfig() {
    return kubeconfig;
  }

  /** The context given; null for the current one. */
  public String context() {
    return context;
  }
}
