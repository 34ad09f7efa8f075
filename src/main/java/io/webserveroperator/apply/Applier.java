package io.webserveroperator.apply;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.webserveroperator.OperatorException;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.Scoped;
import io.webserveroperator.manifest.ObjectRef;
import java.util.Map;

/**
 * Server-side-applies the CREATE and UPDATE entries of a plan. One call per entry, none for
 * UNCHANGED: the plan already knows which objects need a write.
 */
public final class Applier {

  private final KubernetesClient client;
  private final KindResolver kinds;
  private final ApplyOptions options;

  public Applier(KubernetesClient client, KindResolver kinds, ApplyOptions options) {
    this.client = client;
    this.kinds = kinds;
    this.options = options;
  }

  /**
   * Applies one entry and returns the object as the API server stored it (or, in a dry run, would
   * store it).
   *
   * @throws ApplyException when the API server refuses; its code says whether a retry may help
   */
  public GenericKubernetesResource apply(PlanEntry entry) {
    if (entry.action() != Action.CREATE && entry.action() != Action.UPDATE) {
      throw new IllegalArgumentException("Only CREATE and UPDATE entries are applied: " + entry);
    }
    return apply(entry.ref(), entry.desired());
  }

  /** Applies one object given as plain maps. */
  public GenericKubernetesResource apply(ObjectRef ref, Map<String, Object> desired) {
    GenericKubernetesResource object =
        client.getKubernetesSerialization().convertValue(desired, GenericKubernetesResource.class);
    Resource<GenericKubernetesResource> resource = resource(ref, object);
    try {
      var applicable = options.dryRun() ? resource.dryRun() : resource;
      var managed = applicable.fieldManager(options.fieldManager());
      return options.forceConflicts()
          ? managed.forceConflicts().serverSideApply()
          : managed.serverSideApply();
    } catch (KubernetesClientException e) {
      throw new ApplyException(ref, "apply", e.getCode(), reasonOf(e), e);
    } catch (OperatorException e) {
      throw new ApplyException(ref, "apply", 0, e.getMessage(), e);
    }
  }

  private Resource<GenericKubernetesResource> resource(
      ObjectRef ref, GenericKubernetesResource object) {
    return Scoped.in(client, kinds.resolve(ref.apiVersion(), ref.kind()), ref.namespace())
        .resource(object);
  }

  /** The API server's own words where it gave any: they name the invalid field. */
  public static String reasonOf(KubernetesClientException e) {
    if (e.getStatus() != null && e.getStatus().getMessage() != null) {
      return e.getStatus().getMessage();
    }
    return e.getMessage();
  }
}
