package io.webserveroperator.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --kubeconfig} and {@code --context}: which cluster, found as kubectl finds it. */
final class ClusterOptions {

  @Option(names = "--kubeconfig", description = "Kubeconfig file (default: as kubectl finds it).")
  Path kubeconfig;

  @Option(names = "--context", description = "Kubeconfig context (default: the current one).")
  String context;
}
