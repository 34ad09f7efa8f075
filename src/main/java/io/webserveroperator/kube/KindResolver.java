package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.OperatorException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the plural and scope of a kind through API discovery, once per kind: templates name kinds,
 * the REST API needs resources.
 */
public final class KindResolver {

  private final KubernetesClient client;
  private final Map<String, ResourceDefinitionContext> resolved = new ConcurrentHashMap<>();

  public KindResolver(KubernetesClient client) {
    this.client = client;
  }

  /**
   * The resource of {@code apiVersion} and {@code kind}.
   *
   * @throws OperatorException when the API server does not serve that kind
   */
  public ResourceDefinitionContext resolve(String apiVersion, String kind) {
    return resolved.computeIfAbsent(apiVersion + "/" + kind, k -> discover(apiVersion, kind));
  }

  /** Whether objects of that kind live in namespaces. */
  public boolean isNamespaced(String apiVersion, String kind) {
    return resolve(apiVersion, kind).isNamespaceScoped();
  }

  private ResourceDefinitionContext discover(String apiVersion, String kind) {
    APIResourceList resources = client.getApiResources(apiVersion);
    if (resources != null) {
      for (APIResource resource : resources.getResources()) {
        if (kind.equals(resource.getKind()) && !resource.getName().contains("/")) {
          int slash = apiVersion.indexOf('/');
          return new ResourceDefinitionContext.Builder()
              .withGroup(slash < 0 ? "" : apiVersion.substring(0, slash))
              .withVersion(apiVersion.substring(slash + 1))
              .withKind(kind)
              .withPlural(resource.getName())
              .withNamespaced(Boolean.TRUE.equals(resource.getNamespaced()))
              .build();
        }
      }
    }
    throw new OperatorException(
        "The API server does not serve kind "
            + kind
            + " in "
            + apiVersion
            + ": install its CRD or fix the template's apiVersion.");
  }
}
