package io.webserveroperator.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WebServerResourcesTest {

  @Test
  void webServersAreCreatedInTheirNamespacesCollection() {
    assertThat(WebServerResources.collectionPath("shop"))
        .isEqualTo("/apis/webapp.example.com/v1/namespaces/shop/webservers");
  }
}
