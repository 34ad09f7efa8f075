package io.webserveroperator.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * WebServer resources for tests, or those of any kind a test serves like them: building, creating
 * and reading them back.
 */
public final class WebServers {

  /** The WebServer kind as the API serves it. */
  public static final ResourceDefinitionContext KIND =
      new ResourceDefinitionContext.Builder()
          .withGroup("webapp.example.com")
          .withVersion("v1")
          .withKind("WebServer")
          .withPlural("webservers")
          .withNamespaced(true)
          .build();

  /** A WebServer as the engine reads it, with {@code metadata} and {@code spec}; mutable. */
  public static Map<String, Object> resource(Map<String, Object> metadata, Object spec) {
    Map<String, Object> resource = new LinkedHashMap<>();
    resource.put("apiVersion", "webapp.example.com/v1");
    resource.put("kind", "WebServer");
    resource.put("metadata", metadata);
    resource.put("spec", spec);
    return resource;
  }

  private final KubernetesClient client;
  private final String namespace;
  private final ResourceDefinitionContext kind;

  public WebServers(KubernetesClient client, String namespace) {
    this(client, namespace, KIND);
  }

  /** For resources of another kind with a status subresource, such as a test's own CRD. */
  public WebServers(KubernetesClient client, String namespace, ResourceDefinitionContext kind) {
    this.client = client;
    this.namespace = namespace;
    this.kind = kind;
  }

  /** The namespace the resources are in. */
  public String namespace() {
    return namespace;
  }

  /** A WebServer with that spec, not yet created. */
  public GenericKubernetesResource build(String name, Map<String, Object> spec) {
    var resource = new GenericKubernetesResource();
    resource.setApiVersion(kind.getGroup() + "/" + kind.getVersion());
    resource.setKind(kind.getKind());
    resource.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(namespace).build());
    resource.setAdditionalProperty("spec", new LinkedHashMap<>(spec));
    return resource;
  }

  /** Creates a WebServer with that spec. */
  public GenericKubernetesResource create(String name, Map<String, Object> spec) {
    return client
        .genericKubernetesResources(kind)
        .inNamespace(namespace)
        .resource(build(name, spec))
        .create();
  }

  /** The WebServer's resource handle, to get, edit or delete it. */
  public Resource<GenericKubernetesResource> named(String name) {
    return client.genericKubernetesResources(kind).inNamespace(namespace).withName(name);
  }

  /**
   * Changes spec fields with a JSON merge patch (a null value removes the field). Unlike an edit,
   * it cannot conflict with the operator's status writes.
   */
  public GenericKubernetesResource patchSpec(String name, Map<String, Object> changes) {
    Map<String, Object> patch = new LinkedHashMap<>();
    patch.put("spec", changes);
    return named(name)
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            client.getKubernetesSerialization().asJson(patch));
  }

  /** Its status, or an empty map. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> status(String name) {
    GenericKubernetesResource resource = named(name).get();
    Object status = resource == null ? null : resource.getAdditionalProperties().get("status");
    return status instanceof Map ? (Map<String, Object>) status : Map.of();
  }

  /** One condition of its status, if present. */
  @SuppressWarnings("unchecked")
  public Optional<Map<String, Object>> condition(String name, String type) {
    Object conditions = status(name).get("conditions");
    if (!(conditions instanceof List<?> list)) {
      return Optional.empty();
    }
    return list.stream()
        .map(c -> (Map<String, Object>) c)
        .filter(c -> type.equals(c.get("type")))
        .findFirst();
  }

  /** The reasons of the Warning events about it. */
  public List<String> warnings(String name) {
    return client.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> name.equals(e.getInvolvedObject().getName()))
        .filter(e -> "Warning".equals(e.getType()))
        .map(Event::getReason)
        .toList();
  }

  /**
   * Waits until the WebServer is Ready=False for that reason, with a message that names each part.
   */
  public void awaitReadyFalse(String name, String reason, String... messageParts) {
    Waits.untilAsserted(
        () ->
            assertThat(condition(name, "Ready"))
                .hasValueSatisfying(
                    ready -> {
                      assertThat(ready)
                          .containsEntry("status", "False")
                          .containsEntry("reason", reason);
                      assertThat((String) ready.get("message")).contains(messageParts);
                    }));
  }
}
