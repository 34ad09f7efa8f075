package io.webserveroperator.bench.contest;

import io.webserveroperator.bench.CreateStorm;
import io.webserveroperator.bench.DirectApiClient;
import io.webserveroperator.bench.ReplicasChange;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * An operator as its own process: the tutorial's Go operator or webserver-operator. The benchmark
 * creates and changes the WebServers from {@code concurrency} threads through {@link
 * DirectApiClient}, as in {@code bench scale}, and the operator does the rest.
 *
 * @param name its name in the table
 * @param command its command line for a cluster (kubeconfig of the contender's ServiceAccount)
 * @param log where its output goes
 * @param concurrency threads creating the WebServers, and changing them
 */
record OperatorContender(
    String name, Function<Path, List<String>> command, Path log, int concurrency)
    implements Contender {

  @Override
  public Running start(ContestCluster cluster) {
    ContenderProcess process =
        ContenderProcess.start(command.apply(cluster.contenderKubeconfig()), log);
    DirectApiClient creator = new DirectApiClient(cluster.admin().getConfiguration(), null);
    return new Running() {
      @Override
      public void create(int first, int count) {
        process.requireAlive();
        CreateStorm.create(creator, ContestCluster.NAMESPACE, first, count, concurrency);
      }

      @Override
      public void changeReplicas(int first, int count, int replicas) {
        process.requireAlive();
        ReplicasChange.send(creator, ContestCluster.NAMESPACE, first, count, concurrency, replicas);
      }

      @Override
      public Optional<ContenderProcess> process() {
        return Optional.of(process);
      }

      @Override
      public boolean follows() {
        return true;
      }

      @Override
      public void close() {
        process.close();
      }
    };
  }
}
