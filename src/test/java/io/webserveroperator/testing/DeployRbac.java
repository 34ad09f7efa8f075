package io.webserveroperator.testing;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;

/**
 * deploy/ as {@code kubectl kustomize} builds it, for tests that run the operator under its own
 * identity: everything but the operator's Deployment applied, and tokens for its ServiceAccount.
 */
public final class DeployRbac {

  /** The operator's namespace in {@code deploy/}. */
  public static final String NAMESPACE = "webserver-operator-system";

  /** The operator's ServiceAccount in {@link #NAMESPACE}. */
  public static final String SERVICE_ACCOUNT = "webserver-operator";

  private DeployRbac() {}

  /**
   * Server-side applies everything {@code kubectl kustomize deploy/} builds but the Deployment
   * (namespace, ServiceAccount, roles, bindings, the templates ConfigMap); idempotent, so several
   * tests may share one API server. Returns all the objects built, the Deployment included.
   */
  public static List<HasMetadata> apply(KubernetesClient client) {
    return apply(client, "deploy");
  }

  /**
   * As {@link #apply(KubernetesClient)}, from another kustomization of the project, such as the
   * overlay {@code deploy-sharded}.
   */
  public static List<HasMetadata> apply(KubernetesClient client, String folder) {
    List<HasMetadata> objects = Kustomize.build(client, folder);
    for (HasMetadata object : objects) {
      if (!(object instanceof Deployment)) {
        client.resource(object).fieldManager("deploy-rbac").forceConflicts().serverSideApply();
      }
    }
    return objects;
  }

  /** A token for the ServiceAccount from the TokenRequest API, valid for an hour. */
  public static String token(KubernetesClient client) {
    return ServiceAccounts.token(client, NAMESPACE, SERVICE_ACCOUNT);
  }
}
