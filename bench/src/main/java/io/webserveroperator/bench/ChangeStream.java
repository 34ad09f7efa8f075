package io.webserveroperator.bench;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.webserveroperator.testing.OperatorProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A steady stream of spec changes (a new {@code spec.replicas}, one WebServer after another) at a
 * given rate, and for each the time until an informer on the Deployments sees that replica count on
 * the child: the operator's reaction time, including both watches.
 */
public final class ChangeStream {

  private record Pending(int replicas, long sentNanos) {}

  private final KubernetesClient client;

  public ChangeStream(KubernetesClient client) {
    this.client = client;
  }

  /**
   * Sends {@code rate} changes a second for {@code duration} over WebServers 0..count-1, then waits
   * up to {@code drain} for the last ones to show.
   */
  public ChangeFigures run(
      String namespace, int count, int rate, Duration duration, Duration drain) {
    Map<String, Pending> pending = new ConcurrentHashMap<>();
    List<Duration> latencies = Collections.synchronizedList(new ArrayList<>());
    SharedIndexInformer<Deployment> informer =
        client
            .apps()
            .deployments()
            .inNamespace(namespace)
            .inform(new Handler(pending, latencies), 0);
    ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
    ExecutorService senders = Executors.newFixedThreadPool(16);
    AtomicInteger sent = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    int total = (int) (rate * duration.toMillis() / 1000);
    try {
      AtomicInteger next = new AtomicInteger();
      ticker.scheduleAtFixedRate(
          () -> {
            int change = next.getAndIncrement();
            if (change < total) {
              senders.submit(() -> send(namespace, count, change, pending, sent, failed));
            }
          },
          0,
          1_000_000_000L / rate,
          TimeUnit.NANOSECONDS);
      OperatorProcess.sleep(duration);
      ticker.shutdownNow();
      senders.shutdown();
      senders.awaitTermination(30, TimeUnit.SECONDS);
      long deadline = System.nanoTime() + drain.toNanos();
      while (!pending.isEmpty() && System.nanoTime() < deadline) {
        OperatorProcess.sleep(Duration.ofMillis(50));
      }
      return new ChangeFigures(
          Percentiles.of(List.copyOf(latencies)), sent.get(), latencies.size(), failed.get());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchException("Interrupted", e);
    } finally {
      ticker.shutdownNow();
      senders.shutdownNow();
      informer.close();
    }
  }

  /**
   * Change k goes to WebServer k mod count, in round k / count, with replicas 3, 4, 5, 6, 2, 3,
   * ...: each differs from the one before, so every change must reach the Deployment.
   */
  private void send(
      String namespace,
      int count,
      int change,
      Map<String, Pending> pending,
      AtomicInteger sent,
      AtomicInteger failed) {
    String name = WebServerResources.name(change % count);
    int round = change / count;
    int replicas = 2 + (round + 1) % 5;
    pending.put(name, new Pending(replicas, System.nanoTime()));
    try {
      WebServerResources.operation(client)
          .inNamespace(namespace)
          .withName(name)
          .patch(
              PatchContext.of(PatchType.JSON_MERGE), "{\"spec\":{\"replicas\":" + replicas + "}}");
      sent.incrementAndGet();
    } catch (RuntimeException e) {
      pending.remove(name);
      failed.incrementAndGet();
    }
  }

  private record Handler(Map<String, Pending> pending, List<Duration> latencies)
      implements ResourceEventHandler<Deployment> {
    @Override
    public void onAdd(Deployment deployment) {
      long now = System.nanoTime();
      String owner = WebServerResources.ownerOfDeployment(deployment.getMetadata().getName());
      Integer replicas = deployment.getSpec().getReplicas();
      if (owner == null || replicas == null) {
        return;
      }
      pending.computeIfPresent(
          owner,
          (name, change) -> {
            if (change.replicas() != replicas) {
              return change;
            }
            latencies.add(Duration.ofNanos(now - change.sentNanos()));
            return null;
          });
    }

    @Override
    public void onUpdate(Deployment old, Deployment deployment) {
      onAdd(deployment);
    }

    @Override
    public void onDelete(Deployment deployment, boolean unknownFinalState) {}
  }
}
