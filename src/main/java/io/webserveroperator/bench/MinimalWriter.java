package io.webserveroperator.bench;

import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The least a client must write for N WebServers: for each, it renders the same templates,
 * server-side applies the Deployment and the Service and patches the status once; no reads, no
 * events, no operator, no waiting for a watch. Its writes are the denominator of the write ratio
 * and its time the denominator of the time ratio, so it writes through {@link DirectApiClient}, the
 * fastest correct writer the benchmark has.
 */
public final class MinimalWriter {

  private final DirectApiClient user;
  private final DirectApiClient counted;
  private final KindResolver kinds;
  private final TemplateRegistry templates;
  private final TemplatedKind watch;

  /**
   * @param user creates the WebServers, which are the user's writes and not counted
   * @param counted sends the children and status writes, counting them
   * @param kinds finds the REST path of each rendered kind, once per kind
   */
  public MinimalWriter(
      DirectApiClient user,
      DirectApiClient counted,
      KindResolver kinds,
      TemplateRegistry templates) {
    this.user = user;
    this.counted = counted;
    this.kinds = kinds;
    this.templates = templates;
    this.watch =
        templates
            .watchFor("webapp.example.com/v1", "WebServer")
            .orElseThrow(() -> new BenchException("watches.yaml has no WebServer entry."));
  }

  /**
   * Creates every WebServer from {@code concurrency} threads and, from as many others, writes the
   * children and status of each as soon as it exists: the operator's phase has the same shape (the
   * create storm's threads and the operator's workers). Returns once every status is written. Its
   * WebServers are numbered from {@code first}.
   */
  public void run(String namespace, int first, int count, int concurrency) {
    BlockingQueue<Map<String, Object>> created = new LinkedBlockingQueue<>();
    CompletableFuture<Void> creates =
        CompletableFuture.runAsync(
            () ->
                Concurrently.run(
                    count,
                    concurrency,
                    i ->
                        created.add(
                            user.create(
                                WebServerResources.collectionPath(namespace),
                                WebServerResources.build(namespace, first + i)))));
    Concurrently.run(count, concurrency, i -> write(namespace, next(created, creates)));
    creates.join();
  }

  /** The next WebServer created; rethrows the creators' failure rather than waiting forever. */
  private static Map<String, Object> next(
      BlockingQueue<Map<String, Object>> created, CompletableFuture<Void> creates) {
    try {
      while (true) {
        Map<String, Object> next = created.poll(100, TimeUnit.MILLISECONDS);
        if (next != null) {
          return next;
        }
        if (creates.isCompletedExceptionally()) {
          creates.join();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchException("Interrupted while waiting for a WebServer to be created", e);
    }
  }

  private void write(String namespace, Map<String, Object> created) {
    List<RenderedObject> children = templates.render(watch, created);
    for (RenderedObject child : children) {
      ObjectRef ref = child.ref();
      counted.apply(
          DirectApiClient.path(kinds.resolve(ref.apiVersion(), ref.kind()), namespace, ref.name()),
          child.body());
    }
    Map<?, ?> metadata = (Map<?, ?>) created.get("metadata");
    Object generation = metadata.get("generation");
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("availableReplicas", 0);
    status.put("observedGeneration", generation);
    status.put("conditions", List.of(ready(generation)));
    status.put(
        "inventory", Inventory.toStatus(children.stream().map(RenderedObject::ref).toList()));
    counted.mergePatch(
        DirectApiClient.path(WebServerResources.KIND, namespace, (String) metadata.get("name"))
            + "/status",
        Map.of("status", status));
  }

  private static Map<String, Object> ready(Object generation) {
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", "Ready");
    condition.put("status", "False");
    condition.put("observedGeneration", generation);
    condition.put("lastTransitionTime", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    condition.put("reason", "Progressing");
    condition.put("message", "0 of 2 replicas available");
    return condition;
  }
}
