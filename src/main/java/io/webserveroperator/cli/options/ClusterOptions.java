package io.webserveroperator.cli.options;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.OperatorException;
import io.webserveroperator.cli.exit.CommandException;
import io.webserveroperator.cli.exit.Failure;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.KubeClients;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --kubeconfig} and {@code --context}: which cluster, found as kubectl finds it. */
public final class ClusterOptions {

  @Option(names = "--kubeconfig", description = "Kubeconfig file (default: as kubectl finds it).")
  Path kubeconfig;

  @Option(names = "--context", description = "Kubeconfig context (default: the current one).")
  String context;

  /**
   * The kubeconfig file given; null to find it as kubectl does.
   *
   * @throws CommandException ({@link Failure#INPUT}) when the file given does not exist
   */
  public Path kubeconfig() {
    if (kubeconfig != null && !Files.isRegularFile(kubeconfig)) {
      throw new CommandException(
          Failure.INPUT,
          "The kubeconfig "
              + kubeconfig.toAbsolutePath()
              + " does not exist. Give --kubeconfig a kubeconfig file, or leave it out to use"
              + " KUBECONFIG or ~/.kube/config.");
    }
    return kubeconfig;
  }

  /**
   * A client of the cluster these options name.
   *
   * @param requests counts every request, or null
   * @throws CommandException ({@link Failure#INPUT}) when the kubeconfig does not exist, cannot be
   *     read, or has no such context
   */
  public KubernetesClient client(ApiRequestCounter requests) {
    Path file = kubeconfig();
    try {
      return KubeClients.create(file, context, requests);
    } catch (OperatorException | KubernetesClientException e) {
      throw new CommandException(Failure.INPUT, e.getMessage(), e);
    }
  }

  /** The context given; null for the current one. */
  public String context() {
    return context;
  }
}
