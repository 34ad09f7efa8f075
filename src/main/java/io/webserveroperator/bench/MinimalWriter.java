package io.webserveroperator.bench;

import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.Watch;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The least a client must write for N WebServers: for each, it renders the same templates,
 * server-side applies the Deployment and the Service and patches the status once; no reads, no
 * events, no operator. Its writes are the denominator of the write ratio and its time the
 * denominator of the time ratio, so it writes through {@link DirectApiClient}, the fastest correct
 * writer the benchmark has.
 */
final class MinimalWriter {

  private final DirectApiClient user;
  private final DirectApiClient counted;
  private final KindResolver kinds;
  private final TemplateRegistry templates;
  private final Watch watch;

  /**
   * @param user creates the WebServers, which are the user's writes and not counted
   * @param counted sends the children and status writes, counting them
   * @param kinds finds the REST path of each rendered kind, once per kind
   */
  MinimalWriter(
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

  /** Writes every WebServer and its children; returns the time from the first create to the end. */
  Duration run(String namespace, int count, int concurrency) {
    long start = System.nanoTime();
    Concurrently.run(count, concurrency, i -> writeOne(namespace, i));
    return Duration.ofNanos(System.nanoTime() - start);
  }

  private void writeOne(String namespace, int index) {
    Map<String, Object> created =
        user.create(
            WebServerResources.collectionPath(namespace),
            WebServerResources.build(namespace, index));
    List<RenderedObject> children = templates.render(watch, created);
    for (RenderedObject child : children) {
      ObjectRef ref = child.ref();
      counted.apply(
          DirectApiClient.path(kinds.resolve(ref.apiVersion(), ref.kind()), namespace, ref.name()),
          child.body());
    }
    Object generation = ((Map<?, ?>) created.get("metadata")).get("generation");
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("availableReplicas", 0);
    status.put("observedGeneration", generation);
    status.put("conditions", List.of(ready(generation)));
    status.put(
        "inventory", Inventory.toStatus(children.stream().map(RenderedObject::ref).toList()));
    counted.mergePatch(
        DirectApiClient.path(WebServerResources.KIND, namespace, WebServerResources.name(index))
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
