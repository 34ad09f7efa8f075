package io.webserveroperator.testing;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.controller.LeaderElectionOptions;
import io.webserveroperator.controller.Operator;
import io.webserveroperator.controller.OperatorOptions;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.KubeClients;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Operators running in the test JVM, each with its own client whose requests are counted, watching
 * one namespace. {@link #close} stops them all and closes their clients.
 */
public final class InProcessOperators implements AutoCloseable {

  private final List<Operator> operators = new ArrayList<>();
  private final List<KubernetesClient> clients = new ArrayList<>();

  /**
   * Options for a test operator on one namespace: 2 workers, no periodic resync to speak of, any
   * free health port, no leader election (the Lease would live in that namespace).
   */
  public static OperatorOptions options(Path templates, String namespace, String identity) {
    return OperatorOptions.defaults(templates).toBuilder()
        .namespaces(List.of(namespace))
        .workers(2)
        .healthPort(0)
        .operatorNamespace(namespace)
        .leaderElection(LeaderElectionOptions.disabled(identity))
        .build();
  }

  /** Starts an operator with {@link #options}. */
  public Operator start(
      Path kubeconfig, Path templates, String namespace, ApiRequestCounter requests) {
    return start(
        kubeconfig, requests, options(templates, namespace, "in-process-" + operators.size()));
  }

  /** Starts an operator with its own client, whose requests {@code requests} counts. */
  public Operator start(Path kubeconfig, ApiRequestCounter requests, OperatorOptions options) {
    KubernetesClient client = KubeClients.create(kubeconfig, null, requests);
    clients.add(client);
    Operator operator = Operator.start(client, requests, options);
    operators.add(operator);
    return operator;
  }

  /**
   * Starts an operator on a client of the test's own making (one whose requests it logs, say); both
   * are stopped with the others.
   */
  public Operator start(KubernetesClient client, OperatorOptions options) {
    clients.add(client);
    Operator operator = Operator.start(client, new ApiRequestCounter(), options);
    operators.add(operator);
    return operator;
  }

  /** How many were started, to name the next one. */
  public int started() {
    return operators.size();
  }

  @Override
  public void close() {
    operators.forEach(Operator::close);
    clients.forEach(KubernetesClient::close);
  }
}
