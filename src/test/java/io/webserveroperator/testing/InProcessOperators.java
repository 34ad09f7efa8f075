package io.webserveroperator.testing;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.controller.LeaderElectionOptions;
import io.webserveroperator.controller.Operator;
import io.webserveroperator.controller.OperatorOptions;
import io.webserveroperator.controller.OperatorOptionsBuilder;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.KubeClients;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Operators running in the test JVM, the one way integration tests start one: {@link #on} says
 * where, {@link Start} what differs, {@link Start#start} starts it. {@link #close} stops them all
 * and closes their clients.
 */
public final class InProcessOperators implements AutoCloseable {

  private final List<Operator> operators = new ArrayList<>();
  private final List<KubernetesClient> clients = new ArrayList<>();

  /**
   * An operator to start on one namespace with these templates, through the API server {@code
   * kubeconfig} names.
   */
  public Start on(Path kubeconfig, Path templates, String namespace) {
    return new Start(kubeconfig, templates, namespace);
  }

  @Override
  public void close() {
    operators.forEach(Operator::close);
    clients.forEach(KubernetesClient::close);
  }

  /**
   * An operator about to start. Unless changed: its own client on the kubeconfig, its requests
   * counted by a counter of its own, 2 workers, the default resync (10 h), any free health port,
   * its own namespace as the operator's namespace, no leader election (the Lease would live in that
   * namespace).
   */
  public final class Start {

    private final Path kubeconfig;
    private final String namespace;
    private Path templates;
    private ApiRequestCounter requests = new ApiRequestCounter();
    private KubernetesClient client;
    private boolean leaderElected;
    private UnaryOperator<OperatorOptionsBuilder> changes = UnaryOperator.identity();

    private Start(Path kubeconfig, Path templates, String namespace) {
      this.kubeconfig = kubeconfig;
      this.templates = templates;
      this.namespace = namespace;
    }

    /** Other templates than the test's copy (a ConfigMap volume's, a fixture's). */
    public Start templates(Path templates) {
      this.templates = templates;
      return this;
    }

    /** Counts its requests in {@code requests}, for the test to read. */
    public Start requests(ApiRequestCounter requests) {
      this.requests = requests;
      return this;
    }

    /**
     * Runs it on a client of the test's own making (one that logs its requests, one with less RBAC)
     * in place of its own; the client is closed with it.
     */
    public Start client(KubernetesClient client) {
      this.client = client;
      return this;
    }

    /** Reconciles every resource this often although nothing changed. */
    public Start resync(Duration resync) {
      return options(options -> options.resync(resync));
    }

    /** Writes only once it holds the Lease in its namespace, under an identity of its own. */
    public Start leaderElected() {
      this.leaderElected = true;
      return this;
    }

    /** Any other change to its options (workers, namespaces, shards); applied last. */
    public Start options(UnaryOperator<OperatorOptionsBuilder> change) {
      UnaryOperator<OperatorOptionsBuilder> before = changes;
      changes = options -> change.apply(before.apply(options));
      return this;
    }

    /**
     * Starts it once its caches have listed; it is stopped with the others. Called again, starts
     * another alike (after the first was closed: a restart).
     */
    public Operator start() {
      String identity = "in-process-" + operators.size();
      OperatorOptions options =
          changes
              .apply(
                  OperatorOptions.defaults(templates).toBuilder()
                      .namespaces(List.of(namespace))
                      .workers(2)
                      .healthPort(0)
                      .operatorNamespace(namespace)
                      .leaderElection(
                          LeaderElectionOptions.disabled(identity).toBuilder()
                              .enabled(leaderElected)
                              .build()))
              .build();
      KubernetesClient operatorClient =
          client != null ? client : KubeClients.create(kubeconfig, null, requests);
      if (!clients.contains(operatorClient)) {
        clients.add(operatorClient);
      }
      Operator operator = Operator.start(operatorClient, requests, options);
      operators.add(operator);
      return operator;
    }
  }
}
