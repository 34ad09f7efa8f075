package io.webserveroperator.bench;

import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.ObjectPatches;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * The least a client must write for N WebServers: for each, it renders the same templates,
 * server-side applies the Deployment and the Service and patches the status once; no reads, no
 * events, no operator, no waiting for a watch. When it writes them again after a spec change, it
 * applies only the children whose rendering changed since it applied them. Its writes are the
 * denominator of the write ratio and its time the denominator of the time ratio, so it writes
 * through {@link DirectApiClient}, the fastest correct writer the benchmark has.
 */
public final class MinimalWriter {

  private final DirectApiClient user;
  private final DirectApiClient counted;
  private final KindResolver kinds;
  private final TemplateRegistry templates;
  private final TemplatedKind watch;
  private final Map<ObjectRef, Map<String, Object>> applied = new ConcurrentHashMap<>();

  /**
   * @param user creates and changes the WebServers, which are the user's writes and not counted
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
    String webServers = WebServerResources.collectionPath(namespace);
    writeEach(
        namespace,
        count,
        concurrency,
        i -> user.create(webServers, WebServerResources.build(namespace, first + i)));
  }

  /**
   * Sets {@code spec.replicas} of WebServers {@code first} to {@code first + count - 1}, which it
   * wrote before, as {@link ReplicasChange} does and writes each again as {@link #run} does, as
   * soon as its patch is answered: the Deployment, the one child that changes, and the status for
   * the new generation. Returns once every status is written.
   */
  public void changeReplicas(
      String namespace, int first, int count, int concurrency, int replicas) {
    writeEach(
        namespace,
        count,
        concurrency,
        i -> ReplicasChange.patch(user, namespace, first + i, replicas));
  }

  /**
   * Runs the user's write of each of {@code count} WebServers ({@code userWrite}: index to the
   * WebServer answered) from {@code concurrency} threads and, from as many others, writes its
   * children and status as soon as it is answered.
   */
  private void writeEach(
      String namespace, int count, int concurrency, IntFunction<Map<String, Object>> userWrite) {
    BlockingQueue<Map<String, Object>> written = new LinkedBlockingQueue<>();
    CompletableFuture<Void> userWrites =
        CompletableFuture.runAsync(
            () -> Concurrently.run(count, concurrency, i -> written.add(userWrite.apply(i))));
    Concurrently.run(count, concurrency, i -> write(namespace, next(written, userWrites)));
    userWrites.join();
  }

  /** The next WebServer written; rethrows the user's failure rather than waiting forever. */
  private static Map<String, Object> next(
      BlockingQueue<Map<String, Object>> written, CompletableFuture<Void> userWrites) {
    try {
      while (true) {
        Map<String, Object> next = written.poll(100, TimeUnit.MILLISECONDS);
        if (next != null) {
          return next;
        }
        if (userWrites.isCompletedExceptionally()) {
          userWrites.join();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchException("Interrupted while waiting for a WebServer to be written", e);
    }
  }

  private void write(String namespace, Map<String, Object> webServer) {
    List<RenderedObject> children = templates.render(watch, webServer);
    for (RenderedObject child : children) {
      ObjectRef ref = child.ref();
      // A child it applied before and renders alike again needs no write.
      if (child.body().equals(applied.put(ref, child.body()))) {
        continue;
      }
      counted.apply(
          ObjectPatches.path(kinds.resolve(ref.apiVersion(), ref.kind()), namespace, ref.name()),
          child.body());
    }
    Map<?, ?> metadata = (Map<?, ?>) webServer.get("metadata");
    Object generation = metadata.get("generation");
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("availableReplicas", 0);
    status.put("observedGeneration", generation);
    status.put("conditions", List.of(ready(generation)));
    status.put(
        "inventory", Inventory.of(children.stream().map(RenderedObject::ref).toList()).toStatus());
    counted.mergePatch(
        ObjectPatches.path(WebServerResources.KIND, namespace, (String) metadata.get("name"))
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
