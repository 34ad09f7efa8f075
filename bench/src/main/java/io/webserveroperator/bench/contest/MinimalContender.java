package io.webserveroperator.bench.contest;

import io.webserveroperator.bench.DirectApiClient;
import io.webserveroperator.bench.MinimalWriter;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.template.TemplateRegistry;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The floor: {@link MinimalWriter}, the fastest correct writer the benchmark has, in the
 * benchmark's JVM, writing as the contender's ServiceAccount so that the audit log counts its
 * writes. Its CPU is in the benchmark's column. It watches nothing, so it follows no change it is
 * not told of: when the benchmark changes every WebServer's replicas, it patches them and writes
 * their Deployment and status itself, as it does on creation.
 *
 * @param watches the templates' watches.yaml, which it renders the children from
 * @param concurrency threads creating (or changing), and as many writing
 */
record MinimalContender(Path watches, int concurrency) implements Contender {

  @Override
  public String name() {
    return "minimal writer";
  }

  @Override
  public Running start(ContestCluster cluster) {
    TemplateRegistry templates = TemplateRegistry.load(watches);
    MinimalWriter writer =
        new MinimalWriter(
            new DirectApiClient(cluster.admin().getConfiguration(), null),
            new DirectApiClient(cluster.contenderConfig(), null),
            new KindResolver(cluster.admin()),
            templates);
    return new Running() {
      @Override
      public void create(int first, int count) {
        writer.run(ContestCluster.NAMESPACE, first, count, concurrency);
      }

      @Override
      public void changeReplicas(int first, int count, int replicas) {
        writer.changeReplicas(ContestCluster.NAMESPACE, first, count, concurrency, replicas);
      }

      @Override
      public Optional<ContenderProcess> process() {
        return Optional.empty();
      }

      @Override
      public boolean follows() {
        return false;
      }

      @Override
      public void close() {
        templates.close();
      }
    };
  }
}
