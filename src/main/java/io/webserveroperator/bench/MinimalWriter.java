package io.webserveroperator.bench;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ManagedLabels;
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
 * events, no operator. Its writes are the denominator of the write-amplification ratio.
 */
final class MinimalWriter {

  private final KubernetesClient admin;
  private final KubernetesClient counted;
  private final TemplateRegistry templates;
  private final Watch watch;

  /**
   * @param admin creates the WebServers, which are the user's writes and not counted
   * @param counted sends the children and status writes, through a request counter
   */
  MinimalWriter(KubernetesClient admin, KubernetesClient counted, TemplateRegistry templates) {
    this.admin = admin;
    this.counted = counted;
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

  @SuppressWarnings("unchecked")
  private void writeOne(String namespace, int index) {
    GenericKubernetesResource created =
        WebServerResources.operation(admin)
            .inNamespace(namespace)
            .resource(WebServerResources.build(namespace, index))
            .create();
    var serialization = counted.getKubernetesSerialization();
    Map<String, Object> resource = serialization.convertValue(created, Map.class);
    List<RenderedObject> children = templates.render(watch, resource);
    for (RenderedObject child : children) {
      HasMetadata object = serialization.unmarshal(serialization.asJson(child.body()));
      counted
          .resource(object)
          .fieldManager(ManagedLabels.FIELD_MANAGER)
          .forceConflicts()
          .serverSideApply();
    }
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("availableReplicas", 0);
    status.put("observedGeneration", created.getMetadata().getGeneration());
    status.put("conditions", List.of(ready(created.getMetadata().getGeneration())));
    status.put(
        "inventory", Inventory.toStatus(children.stream().map(RenderedObject::ref).toList()));
    // Naming the created object, rather than its name, spares the GET the client would do first.
    WebServerResources.operation(counted)
        .inNamespace(namespace)
        .resource(created)
        .subresource("status")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE), serialization.asJson(Map.of("status", status)));
  }

  private static Map<String, Object> ready(Long generation) {
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
