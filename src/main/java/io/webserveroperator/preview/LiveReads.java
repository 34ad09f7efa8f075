package io.webserveroperator.preview;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.OperatorException;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.kube.Scoped;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.ClusterReads;
import io.webserveroperator.template.Lookup;
import io.webserveroperator.template.LookupException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code diff} renders a resource with: its children and its lookups as the live cluster has
 * them, read from the API server (GET and LIST only) with the user's credentials, so that the
 * preview renders what the operator would.
 */
final class LiveReads implements ClusterReads {

  private final KubernetesClient client;
  private final KindResolver kinds;
  private final Inventory inventory;

  /**
   * @param inventory what the resource owns, from its status: its children
   */
  LiveReads(KubernetesClient client, KindResolver kinds, Inventory inventory) {
    this.client = client;
    this.kinds = kinds;
    this.inventory = inventory;
  }

  @Override
  public Map<String, Map<String, Map<String, Object>>> children() {
    Map<String, Map<String, Map<String, Object>>> byKind = new LinkedHashMap<>();
    for (ObjectRef ref : inventory.refs()) {
      GenericKubernetesResource child;
      try {
        child =
            Scoped.in(client, kinds.resolve(ref.apiVersion(), ref.kind()), ref.namespace())
                .withName(ref.name())
                .get();
      } catch (KubernetesClientException | OperatorException e) {
        throw new OperatorException("Cannot read the child " + ref + ": " + e.getMessage(), e);
      }
      if (child != null) {
        byKind
            .computeIfAbsent(ref.kind(), k -> new LinkedHashMap<>())
            .put(ref.name(), asMap(child));
      }
    }
    return byKind;
  }

  @Override
  public List<Map<String, Object>> lookup(Lookup lookup) {
    ResourceDefinitionContext kind;
    try {
      kind = kinds.resolve(lookup.apiVersion(), lookup.kind());
    } catch (OperatorException e) {
      throw new LookupException(e.getMessage(), e);
    }
    String namespace = kind.isNamespaceScoped() ? lookup.namespace() : null;
    var scoped = Scoped.in(client, kind, namespace);
    try {
      if (!lookup.isList()) {
        GenericKubernetesResource found = scoped.withName(lookup.name()).get();
        return found == null ? List.of() : List.of(asMap(found));
      }
      var selected = lookup.selector().isEmpty() ? scoped : scoped.withLabels(lookup.selector());
      return selected.list().getItems().stream()
          .sorted(
              Comparator.comparing(
                      (GenericKubernetesResource o) ->
                          Objects.toString(o.getMetadata().getNamespace(), ""))
                  .thenComparing(o -> o.getMetadata().getName()))
          .map(this::asMap)
          .toList();
    } catch (KubernetesClientException e) {
      String where = namespace == null ? "" : " in namespace " + namespace;
      throw new LookupException(
          e.getCode() == 403
              ? "you may not read "
                  + kind.getPlural()
                  + where
                  + " (the preview reads with your credentials, as the operator reads with its"
                  + " own)"
              : "cannot read " + kind.getPlural() + where + ": " + e.getMessage(),
          e);
    }
  }

  private Map<String, Object> asMap(GenericKubernetesResource object) {
    return ResourceMaps.of(client.getKubernetesSerialization(), object);
  }
}
