package io.webserveroperator.testing;

import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.webserveroperator.kube.KubeClients;

/**
 * ServiceAccounts as the API server authorizes them, for tests of what the operator may and may not
 * do: one made in a namespace, ClusterRoles granted to it, its token and a client that acts as it.
 */
public final class ServiceAccounts {

  private static final long TOKEN_SECONDS = 3600;

  private ServiceAccounts() {}

  /** Makes the ServiceAccount {@code name} in {@code namespace}. */
  public static void create(KubernetesClient admin, String namespace, String name) {
    admin
        .serviceAccounts()
        .inNamespace(namespace)
        .resource(
            new ServiceAccountBuilder().withNewMetadata().withName(name).endMetadata().build())
        .create();
  }

  /**
   * A ClusterRole {@code role} of these rules, bound to the ServiceAccount; applied again,
   * replaced.
   */
  public static void grant(
      KubernetesClient admin, String role, String namespace, String name, PolicyRule... rules) {
    admin
        .rbac()
        .clusterRoles()
        .resource(
            new ClusterRoleBuilder()
                .withNewMetadata()
                .withName(role)
                .endMetadata()
                .addToRules(rules)
                .build())
        .serverSideApply();
    admin
        .rbac()
        .clusterRoleBindings()
        .resource(
            new ClusterRoleBindingBuilder()
                .withNewMetadata()
                .withName(role)
                .endMetadata()
                .withNewRoleRef("rbac.authorization.k8s.io", "ClusterRole", role)
                .addNewSubject()
                .withKind("ServiceAccount")
                .withName(name)
                .withNamespace(namespace)
                .endSubject()
                .build())
        .serverSideApply();
  }

  /** A rule of one resource: {@code rule("apps", "deployments", "list", "watch")}. */
  public static PolicyRule rule(String group, String resource, String... verbs) {
    return new PolicyRuleBuilder()
        .withApiGroups(group)
        .withResources(resource)
        .withVerbs(verbs)
        .build();
  }

  /** A token of the ServiceAccount from the TokenRequest API, valid for an hour. */
  public static String token(KubernetesClient admin, String namespace, String name) {
    return admin
        .serviceAccounts()
        .inNamespace(namespace)
        .withName(name)
        .tokenRequest(
            new TokenRequestBuilder()
                .withNewSpec()
                .withExpirationSeconds(TOKEN_SECONDS)
                .endSpec()
                .build())
        .getStatus()
        .getToken();
  }

  /** A client of the same API server that acts as the ServiceAccount. */
  public static KubernetesClient client(KubernetesClient admin, String namespace, String name) {
    return new KubernetesClientBuilder()
        .withConfig(
            new ConfigBuilder(Config.empty())
                .withMasterUrl(admin.getConfiguration().getMasterUrl())
                .withOauthToken(token(admin, namespace, name))
                .withTrustCerts(true)
                .build())
        .withHttpClientFactory(KubeClients.httpClients())
        .build();
  }
}
