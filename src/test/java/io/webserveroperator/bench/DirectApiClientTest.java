package io.webserveroperator.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import org.junit.jupiter.api.Test;

class DirectApiClientTest {

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

    assertThat(DirectApiClient.path(services, "shop", "web-service"))
        .isEqualTo("/api/v1/namespaces/shop/services/web-service");
    assertThat(DirectApiClient.path(deployments, "shop", "web-deployment"))
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

    assertThat(WebServerResources.collectionPath("shop"))
        .isEqualTo("/apis/webapp.example.com/v1/namespaces/shop/webservers");
    assertThat(DirectApiClient.path(namespaces, "ignored", "shop"))
        .isEqualTo("/api/v1/namespaces/shop");
  }
}
