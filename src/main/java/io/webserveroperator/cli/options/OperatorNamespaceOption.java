package io.webserveroperator.cli.options;

import picocli.CommandLine.Option;

/**
 * {@code --operator-namespace}: where the operator keeps its template revisions, the namespace of
 * its Lease ({@code run --lease-namespace}).
 */
public final class OperatorNamespaceOption {

  @Option(
      names = "--operator-namespace",
      paramLabel = "NAMESPACE",
      defaultValue = "${env:POD_NAMESPACE:-webserver-operator-system}",
      description =
          "Namespace the operator keeps its template revisions in, that of its Lease"
              + " (env POD_NAMESPACE; default: ${DEFAULT-VALUE}, as deploy/ installs it).")
  String namespace;

  /** The namespace of the operator's revisions and Lease. */
  public String namespace() {
    return namespace;
  }
}
