package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import org.junit.jupiter.api.Test;

class ObjectPatchesTest {

  @Test
  void pathsOfTheCoreGroupStartWithApiAndOthersWithApis() {
    ResourceDefinitionContext services =
        new ResourceDefinitionContext.Builder()
            .withGroup("")
            .withVersion("v1")
            .withKind("Service")
            .withPlural("services")
            .withNamespaced(true)
            .build();
    ResourceDefinitionContext deployments =
        new ResourceDefinitionContext.Builder()
            .withGroup("apps")
            .withVersion("v1")
            .withKind("Deployment")
            .withPlural("deployments")
            .withNamespaced(true)
            .build();

    assertThat(ObjectPatches.path(services, "shop", "web-service"))
        .isEqualTo("/api/v1/namespaces/shop/services/web-service");
    assertThat(ObjectPatches.path(deployments, "shop", "web-deployment"))
        .isEqualTo("/apis/apps/v1/namespaces/shop/deployments/web-deployment");
  }

  @Test
  void aNullNameIsTheCollectionAndAClusterScopedKindHasNoNamespace() {
    ResourceDefinitionContext namespaces =
        new ResourceDefinitionContext.Builder()
            .withGroup("")
            .withVersion("v1")
            .withKind("Namespace")
            .withPlural("namespaces")
            .withNamespaced(false)
            .build();

    assertThat(ObjectPatches.path(namespaces, "ignored", "shop"))
        .isEqualTo("/api/v1/namespaces/shop");
  }
}
