package io.webserveroperator.faults;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.controller.Operator;
import io.webserveroperator.controller.OperatorOptions;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.KubeClients;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Operators running in the test JVM, each with its own client whose requests are counted, watching
 * one namespace. {@link #close} stops them all and closes their clients.
 */
final class InProcessOperators implements AutoCloseable {

  private final List<Operator> operators = new ArrayList<>();
  private final List<KubernetesClient> clients = new ArrayList<>();

  /** Starts an operator without leader election, 2 workers, no periodic resync. */
  Operator start(Path kubeconfig, Path templates, String namespace, ApiRequestCounter requests) {
    KubernetesClient client = KubeClients.create(kubeconfig, null, requests);
    clients.add(client);
    Operator operator =
        Operator.start(
            client,
            requests,
            new OperatorOptions(
                templates,
                List.of(namespace),
                null,
                2,
                Duration.ofHours(10),
                0,
                false,
                namespace,
                "webserver-operator",
                "in-process-" + operators.size()));
    operators.add(operator);
    return operator;
  }

  @Override
  public void close() {
    operators.forEach(Operator::close);
    clients.forEach(KubernetesClient::close);
  }
}
