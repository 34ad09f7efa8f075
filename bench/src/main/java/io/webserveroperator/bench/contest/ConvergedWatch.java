package io.webserveroperator.bench.contest;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.webserveroperator.bench.BenchException;
import io.webserveroperator.bench.WebServerResources;
import io.webserveroperator.testing.OperatorProcess;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The contest's one convergence criterion, which every contender meets and none defines: a
 * WebServer has converged once its spec asks for the replicas the benchmark set, its Deployment
 * {@code <name>-deployment} runs its image with those replicas, its Service {@code <name>-service}
 * exists, and its {@code status.observedGeneration} is its generation, as informers of the
 * benchmark see them. The project's own criterion (an inventory of two) is one the tutorial's
 * operator cannot meet: it writes no inventory.
 */
final class ConvergedWatch implements AutoCloseable {

  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

  private final String namespace;
  private final Set<String> names;
  private final int replicas;

  /** Each converged WebServer's name and when it was seen converged ({@link System#nanoTime()}). */
  private final Map<String, Long> converged = new ConcurrentHashMap<>();

  private final SharedIndexInformer<GenericKubernetesResource> webServers;
  private final SharedIndexInformer<Deployment> deployments;
  private final SharedIndexInformer<Service> services;

  /**
   * Watches for WebServers with these names to converge with {@code replicas}; returns once all
   * three informers have listed. The replicas keep a WebServer that converged before a change from
   * counting until the informers see the change.
   */
  ConvergedWatch(KubernetesClient client, String namespace, Set<String> names, int replicas) {
    this.namespace = namespace;
    this.names = Set.copyOf(names);
    this.replicas = replicas;
    // Handlers before any informer starts: the first events read the others' caches.
    this.webServers =
        WebServerResources.operation(client).inNamespace(namespace).runnableInformer(0);
    this.deployments = client.apps().deployments().inNamespace(namespace).runnableInformer(0);
    this.services = client.services().inNamespace(namespace).runnableInformer(0);
    webServers.addEventHandler(handler(name -> name));
    deployments.addEventHandler(handler(suffixed("-deployment")));
    services.addEventHandler(handler(suffixed("-service")));
    for (SharedIndexInformer<?> informer : List.of(webServers, deployments, services)) {
      informer.start().toCompletableFuture().join();
    }
    names.forEach(this::check);
  }

  /**
   * Waits until every one has converged and returns the time since {@code startNanos} (a {@link
   * System#nanoTime()}); fails after {@code timeout}.
   */
  Duration await(long startNanos, Duration timeout, Consumer<String> progress) {
    long deadline = startNanos + timeout.toNanos();
    long nextReport = System.nanoTime() + PROGRESS_EVERY.toNanos();
    while (converged.size() < names.size()) {
      if (System.nanoTime() > deadline) {
        throw new BenchException(
            String.format(
                Locale.ROOT,
                "Only %d of %d WebServers converged after %d s.",
                converged.size(),
                names.size(),
                timeout.toSeconds()));
      }
      if (System.nanoTime() > nextReport) {
        progress.accept(
            String.format(Locale.ROOT, "  %d/%d converged", converged.size(), names.size()));
        nextReport += PROGRESS_EVERY.toNanos();
      }
      OperatorProcess.sleep(Duration.ofMillis(20));
    }
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }

  /** Re-reads one WebServer and its children from the caches; the last event decides. */
  private void check(String name) {
    if (!names.contains(name) || converged.containsKey(name)) {
      return;
    }
    GenericKubernetesResource webServer = webServers.getIndexer().getByKey(key(name));
    Deployment deployment = deployments.getIndexer().getByKey(key(name + "-deployment"));
    Service service = services.getIndexer().getByKey(key(name + "-service"));
    if (webServer != null
        && deployment != null
        && service != null
        && observedLatest(webServer)
        && runsSpec(deployment, webServer)) {
      converged.putIfAbsent(name, System.nanoTime());
    }
  }

  /**
   * When each WebServer was seen converged, from {@code startNanos} on, in order; one that had
   * converged before counts at 0.
   */
  List<Duration> convergedEach(long startNanos) {
    return converged.values().stream()
        .map(nanos -> Duration.ofNanos(Math.max(0, nanos - startNanos)))
        .sorted()
        .toList();
  }

  private String key(String name) {
    return namespace + "/" + name;
  }

  private static boolean observedLatest(GenericKubernetesResource webServer) {
    Long generation = webServer.getMetadata().getGeneration();
    return webServer.getAdditionalProperties().get("status") instanceof Map<?, ?> status
        && status.get("observedGeneration") instanceof Number observed
        && generation != null
        && observed.longValue() == generation;
  }

  private boolean runsSpec(Deployment deployment, GenericKubernetesResource webServer) {
    if (!(webServer.getAdditionalProperties().get("spec") instanceof Map<?, ?> spec)
        || deployment.getSpec() == null
        || deployment.getSpec().getTemplate().getSpec() == null) {
      return false;
    }
    List<Container> containers = deployment.getSpec().getTemplate().getSpec().getContainers();
    return spec.get("replicas") instanceof Number asked
        && asked.intValue() == replicas
        && deployment.getSpec().getReplicas() != null
        && deployment.getSpec().getReplicas() == replicas
        && !containers.isEmpty()
        && containers.get(0).getImage().equals(spec.get("image"));
  }

  private static UnaryOperator<String> suffixed(String suffix) {
    return child ->
        child.endsWith(suffix) ? child.substring(0, child.length() - suffix.length()) : "";
  }

  /** Checks the WebServer an event's object belongs to ({@code owner} maps its name). */
  private <T extends HasMetadata> ResourceEventHandler<T> handler(UnaryOperator<String> owner) {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(T object) {
        check(owner.apply(object.getMetadata().getName()));
      }

      @Override
      public void onUpdate(T old, T object) {
        onAdd(object);
      }

      @Override
      public void onDelete(T object, boolean unknownFinalState) {}
    };
  }

  @Override
  public void close() {
    webServers.close();
    deployments.close();
    services.close();
  }
}
