package io.webserveroperator.bench;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.kube.ObjectPatches;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The WebServers the benchmark creates: names, spec, and whether the operator has settled one. */
public final class WebServerResources {

  public static final ResourceDefinitionContext KIND =
      new ResourceDefinitionContext.Builder()
          .withGroup("webapp.example.com")
          .withVersion("v1")
          .withKind("WebServer")
          .withPlural("webservers")
          .withNamespaced(true)
          .build();

  /** The image every benchmark WebServer runs. */
  static final String IMAGE = "nginx:1.27";

  /** Replicas every benchmark WebServer starts with. */
  public static final int REPLICAS = 2;

  /**
   * Replicas {@code bench scale --peer} then sets on all of them at once: none of those a {@link
   * ChangeStream} sends after it (2 to 6), so that each of the stream's changes still changes the
   * Deployment.
   */
  public static final int CHANGED_REPLICAS = 1;

  private WebServerResources() {}

  /** The i-th WebServer's name: {@code web-00042}. */
  public static String name(int index) {
    return String.format(Locale.ROOT, "web-%05d", index);
  }

  /** The WebServer that {@code -deployment} child belongs to, or null for another name. */
  static String ownerOfDeployment(String deploymentName) {
    return deploymentName.endsWith("-deployment")
        ? deploymentName.substring(0, deploymentName.length() - "-deployment".length())
        : null;
  }

  /** The i-th WebServer, not yet created, as the JSON body of its create. */
  static Map<String, Object> build(String namespace, int index) {
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("image", IMAGE);
    spec.put("replicas", REPLICAS);
    Map<String, Object> resource = new LinkedHashMap<>();
    resource.put("apiVersion", "webapp.example.com/v1");
    resource.put("kind", "WebServer");
    resource.put("metadata", Map.of("name", name(index), "namespace", namespace));
    resource.put("spec", spec);
    return resource;
  }

  /** The REST path of the WebServers in {@code namespace}. */
  static String collectionPath(String namespace) {
    return ObjectPatches.path(KIND, namespace, null);
  }

  public static MixedOperation<
          GenericKubernetesResource,
          GenericKubernetesResourceList,
          Resource<GenericKubernetesResource>>
      operation(KubernetesClient client) {
    return client.genericKubernetesResources(KIND);
  }

  /**
   * Whether its status describes its latest generation and lists the Deployment and Service in the
   * inventory: the children were applied and the status written.
   */
  static boolean settled(GenericKubernetesResource resource) {
    if (!(resource.getAdditionalProperties().get("status") instanceof Map<?, ?> status)) {
      return false;
    }
    Long generation = resource.getMetadata().getGeneration();
    return status.get("observedGeneration") instanceof Number observed
        && generation != null
        && observed.longValue() == generation
        && status.get("inventory") instanceof List<?> inventory
        && inventory.size() == 2;
  }

  /**
   * Whether its status says its children were applied from the template revision {@code hash} for
   * its current spec: {@code status.templateRevision} is that hash and {@code observedGeneration}
   * its generation.
   */
  public static boolean onRevision(GenericKubernetesResource resource, String hash) {
    return observedLatest(resource)
        && status(resource).get("templateRevision") instanceof String revision
        && revision.equals(hash);
  }

  /** Whether its {@code Ready} condition is {@code True} for its current spec. */
  public static boolean ready(GenericKubernetesResource resource) {
    Long generation = resource.getMetadata().getGeneration();
    return status(resource).get("conditions") instanceof List<?> conditions
        && generation != null
        && conditions.stream()
            .anyMatch(
                c ->
                    c instanceof Map<?, ?> condition
                        && "Ready".equals(condition.get("type"))
                        && "True".equals(condition.get("status"))
                        && condition.get("observedGeneration") instanceof Number observed
                        && observed.longValue() == generation);
  }

  private static boolean observedLatest(GenericKubernetesResource resource) {
    Long generation = resource.getMetadata().getGeneration();
    return status(resource).get("observedGeneration") instanceof Number observed
        && generation != null
        && observed.longValue() == generation;
  }

  private static Map<?, ?> status(GenericKubernetesResource resource) {
    return resource.getAdditionalProperties().get("status") instanceof Map<?, ?> status
        ? status
        : Map.of();
  }
}
