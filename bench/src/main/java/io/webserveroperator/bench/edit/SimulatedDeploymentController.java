package io.webserveroperator.bench.edit;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.webserveroperator.bench.DirectApiClient;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.NamedThreads;
import io.webserveroperator.kube.ObjectPatches;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Plays the Deployment controller, which the benchmark's API server runs without: each Deployment
 * whose spec changed ({@code metadata.generation} above {@code status.observedGeneration}, or no
 * status at all) gets, {@code rolloutTime} after the benchmark's watch saw the change, the status a
 * Deployment controller writes once a rollout is over: {@code observedGeneration} caught up and
 * every replica of the spec updated, ready and available. The time stands for a real rollout (a new
 * ReplicaSet, its pods started and ready, the old ones stopped); every rollout succeeds. {@value
 * #THREADS} threads write, through {@link DirectApiClient}, counted apart from the operator. It
 * reports the Deployments rolling to a {@link RollingDeployments}.
 *
 * <p>Starting it lists every Deployment of the namespace: those that never had a status (all, on
 * the benchmark's API server) roll out first.
 */
public final class SimulatedDeploymentController implements AutoCloseable {

  /** How many threads write Deployment statuses. */
  static final int THREADS = 4;

  private static final ResourceDefinitionContext DEPLOYMENTS =
      new ResourceDefinitionContext.Builder()
          .withGroup("apps")
          .withVersion("v1")
          .withKind("Deployment")
          .withPlural("deployments")
          .withNamespaced(true)
          .build();

  private final String namespace;
  private final Duration rolloutTime;
  private final RollingDeployments rolling;
  private final ApiRequestCounter counter = new ApiRequestCounter();
  private final DirectApiClient writer;
  private final ScheduledExecutorService pool =
      Executors.newScheduledThreadPool(THREADS, new NamedThreads("deployment-controller-"));

  /** The generation each Deployment's next status write is for. */
  private final Map<String, Long> scheduled = new ConcurrentHashMap<>();

  private final AtomicReference<String> failure = new AtomicReference<>();
  private final SharedIndexInformer<Deployment> informer;

  /** Starts it; returns once its informer has listed the namespace's Deployments. */
  public SimulatedDeploymentController(
      KubernetesClient client, String namespace, Duration rolloutTime, RollingDeployments rolling) {
    this.namespace = namespace;
    this.rolloutTime = rolloutTime;
    this.rolling = rolling;
    this.writer = new DirectApiClient(client.getConfiguration(), counter);
    this.informer = client.apps().deployments().inNamespace(namespace).inform(new Handler(), 0);
  }

  /** The status writes it has sent. */
  public long writes() {
    return counter.writes();
  }

  /**
   * The first status write the API server refused, if any: nothing deletes the benchmark's
   * Deployments, so the run cannot be trusted after one.
   */
  Optional<String> failure() {
    return Optional.ofNullable(failure.get())
        .map(reason -> "The simulated Deployment controller could not write a status: " + reason);
  }

  @Override
  public void close() {
    informer.close();
    pool.shutdownNow();
  }

  private void seen(Deployment deployment) {
    String name = deployment.getMetadata().getName();
    long generation = Objects.requireNonNullElse(deployment.getMetadata().getGeneration(), 0L);
    long observed =
        deployment.getStatus() == null || deployment.getStatus().getObservedGeneration() == null
            ? 0
            : deployment.getStatus().getObservedGeneration();
    rolling.seen(name, generation, observed);
    if (generation > observed && !Objects.equals(scheduled.put(name, generation), generation)) {
      int replicas = Objects.requireNonNullElse(deployment.getSpec().getReplicas(), 1);
      pool.schedule(
          () -> rolledOut(name, generation, replicas),
          rolloutTime.toMillis(),
          TimeUnit.MILLISECONDS);
    }
  }

  private void rolledOut(String name, long generation, int replicas) {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("observedGeneration", generation);
    status.put("replicas", replicas);
    status.put("updatedReplicas", replicas);
    status.put("readyReplicas", replicas);
    status.put("availableReplicas", replicas);
    try {
      writer.mergePatch(
          ObjectPatches.path(DEPLOYMENTS, namespace, name) + "/status", Map.of("status", status));
    } catch (RuntimeException e) {
      failure.compareAndSet(null, e.getMessage());
    } finally {
      scheduled.remove(name, generation);
    }
  }

  private final class Handler implements ResourceEventHandler<Deployment> {
    @Override
    public void onAdd(Deployment deployment) {
      seen(deployment);
    }

    @Override
    public void onUpdate(Deployment old, Deployment deployment) {
      seen(deployment);
    }

    @Override
    public void onDelete(Deployment deployment, boolean unknownFinalState) {
      rolling.gone(deployment.getMetadata().getName());
    }
  }
}
