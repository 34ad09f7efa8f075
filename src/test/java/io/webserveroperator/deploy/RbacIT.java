package io.webserveroperator.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.testing.DeployRbac;
import io.webserveroperator.testing.KubeTestBed;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The RBAC in {@code deploy/}, applied to a real API server and asked, by SubjectAccessReview as
 * the operator's ServiceAccount, for every verb the operator needs and for some it must not have.
 */
class RbacIT {

  static final String NAMESPACE = DeployRbac.NAMESPACE;
  static final String USER =
      "system:serviceaccount:" + NAMESPACE + ":" + DeployRbac.SERVICE_ACCOUNT;

  static KubernetesClient client;

  @BeforeAll
  static void applyRbac() {
    client = KubeTestBed.get().client();
    DeployRbac.apply(client);
  }

  @ParameterizedTest(name = "{3} {0}/{1}/{2} in {4}")
  @CsvSource({
    "webapp.example.com, webservers, , get, team-a",
    "webapp.example.com, webservers, , list, ''",
    "webapp.example.com, webservers, , watch, ''",
    "webapp.example.com, webservers, , patch, team-a",
    "webapp.example.com, webservers, , update, team-a",
    "webapp.example.com, webservers, status, get, team-a",
    "webapp.example.com, webservers, status, patch, team-a",
    "webapp.example.com, webservers, status, update, team-a",
    "webapp.example.com, webservers, finalizers, update, team-a",
    "apps, deployments, , get, team-a",
    "apps, deployments, , list, ''",
    "apps, deployments, , watch, ''",
    "apps, deployments, , create, team-a",
    "apps, deployments, , patch, team-a",
    "apps, deployments, , update, team-a",
    "apps, deployments, , delete, team-a",
    "'', services, , list, ''",
    "'', services, , watch, ''",
    "'', services, , create, team-a",
    "'', services, , patch, team-a",
    "'', services, , delete, team-a",
    "'', configmaps, , list, ''",
    "'', configmaps, , create, team-a",
    "'', configmaps, , patch, team-a",
    "'', configmaps, , delete, team-a",
    "networking.k8s.io, ingresses, , list, ''",
    "networking.k8s.io, ingresses, , watch, ''",
    "networking.k8s.io, ingresses, , create, team-a",
    "networking.k8s.io, ingresses, , patch, team-a",
    "networking.k8s.io, ingresses, , delete, team-a",
    "'', events, , create, team-a",
    "'', events, , patch, team-a",
    "events.k8s.io, events, , create, team-a",
    "events.k8s.io, events, , patch, team-a",
    "coordination.k8s.io, leases, , get, webserver-operator-system",
    "coordination.k8s.io, leases, , create, webserver-operator-system",
    "coordination.k8s.io, leases, , update, webserver-operator-system",
  })
  void operatorMay(String group, String resource, String subresource, String verb, String ns) {
    assertThat(review(group, resource, subresource, verb, ns).getStatus().getAllowed())
        .as("%s may %s %s/%s/%s in '%s'", USER, verb, group, resource, subresource, ns)
        .isTrue();
  }

  @ParameterizedTest(name = "{3} {0}/{1}/{2} in {4}")
  @CsvSource({
    "'', secrets, , get, team-a",
    "'', secrets, , list, ''",
    "'', pods, , get, team-a",
    "'', pods, exec, create, team-a",
    "'', pods, , delete, team-a",
    "'', nodes, , get, ''",
    "'', namespaces, , delete, ''",
    "'', serviceaccounts, token, create, team-a",
    "rbac.authorization.k8s.io, clusterroles, , create, ''",
    "rbac.authorization.k8s.io, clusterroles, , escalate, ''",
    "rbac.authorization.k8s.io, clusterrolebindings, , create, ''",
    "rbac.authorization.k8s.io, roles, , bind, team-a",
    "apiextensions.k8s.io, customresourcedefinitions, , create, ''",
    "webapp.example.com, webservers, , create, team-a",
    "webapp.example.com, webservers, , delete, team-a",
    "apps, daemonsets, , create, team-a",
    "apps, deployments, scale, update, team-a",
    "'', events, , delete, team-a",
    "coordination.k8s.io, leases, , update, kube-system",
    "coordination.k8s.io, leases, , list, webserver-operator-system",
    "coordination.k8s.io, leases, , delete, webserver-operator-system",
  })
  void operatorMayNot(String group, String resource, String subresource, String verb, String ns) {
    assertThat(review(group, resource, subresource, verb, ns).getStatus().getAllowed())
        .as("%s may not %s %s/%s/%s in '%s'", USER, verb, group, resource, subresource, ns)
        .isFalse();
  }

  private static SubjectAccessReview review(
      String group, String resource, String subresource, String verb, String namespace) {
    SubjectAccessReview review =
        new SubjectAccessReviewBuilder()
            .withNewSpec()
            .withUser(USER)
            .withGroups(
                "system:serviceaccounts",
                "system:serviceaccounts:" + NAMESPACE,
                "system:authenticated")
            .withNewResourceAttributes()
            .withGroup(group == null ? "" : group)
            .withResource(resource)
            .withSubresource(subresource == null ? "" : subresource)
            .withVerb(verb)
            .withNamespace(namespace == null ? "" : namespace)
            .endResourceAttributes()
            .endSpec()
            .build();
    return client.authorization().v1().subjectAccessReview().create(review);
  }
}
