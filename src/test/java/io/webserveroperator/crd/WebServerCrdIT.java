package io.webserveroperator.crd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.autoscaling.v1.Scale;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The WebServer CRD as the real API server serves it: schema, validation, scale, printer columns.
 */
class WebServerCrdIT {

  static final ResourceDefinitionContext WEBSERVERS = WebServers.KIND;

  static KubernetesClient client;
  String namespace;
  WebServers webServers;

  @BeforeAll
  static void installCrd() {
    client = KubeTestBed.get().withCrds().client();
  }

  @BeforeEach
  void createNamespace() {
    namespace = KubeTestBed.get().newNamespace("crd");
    webServers = new WebServers(client, namespace);
  }

  @Test
  void sampleIsAcceptedAndReadBack() throws IOException {
    GenericKubernetesResource sample;
    try (InputStream in = Files.newInputStream(Project.file("samples/webapp_v1_webserver.yaml"))) {
      sample = client.genericKubernetesResources(WEBSERVERS).load(in).item();
    }
    client.genericKubernetesResources(WEBSERVERS).inNamespace(namespace).resource(sample).create();

    GenericKubernetesResource read =
        client
            .genericKubernetesResources(WEBSERVERS)
            .inNamespace(namespace)
            .withName("my-nginx-app")
            .get();

    assertThat(read.getMetadata().getUid()).isNotBlank();
    assertThat(read.<String>get("spec", "image")).isEqualTo("nginx:latest");
    assertThat(read.<Integer>get("spec", "replicas")).isEqualTo(2);
  }

  @Test
  void shortNameAndPrinterColumnsAreServed() {
    var crd =
        client
            .apiextensions()
            .v1()
            .customResourceDefinitions()
            .withName("webservers.webapp.example.com")
            .get();
    assertThat(crd.getSpec().getNames().getShortNames()).containsExactly("ws");
    assertThat(crd.getSpec().getVersions().get(0).getAdditionalPrinterColumns())
        .extracting(c -> c.getName())
        .containsExactly("Desired", "Available", "Image", "Ready", "Revision", "Suspended", "Age");
  }

  @Test
  void rejectsZeroReplicas() {
    assertThatThrownBy(
            () -> webServers.create("zero", Map.of("image", "nginx:latest", "replicas", 0)))
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("spec.replicas")
        .hasMessageContaining("should be greater than or equal to 1");
  }

  @Test
  void rejectsMissingImage() {
    assertThatThrownBy(() -> webServers.create("no-image", Map.of("replicas", 2)))
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("spec.image: Required value");
  }

  @Test
  void rejectsEmptyImage() {
    assertThatThrownBy(() -> webServers.create("empty-image", Map.of("image", "", "replicas", 2)))
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("spec.image")
        .hasMessageContaining("should be at least 1 chars long");
  }

  @Test
  void rejectsUnknownServiceType() {
    assertThatThrownBy(
            () ->
                webServers.create(
                    "bad-type",
                    Map.of("image", "nginx", "replicas", 1, "serviceType", "ExternalName")))
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("spec.serviceType")
        .hasMessageContaining("Unsupported value");
  }

  @Test
  void scaleSubresourceChangesSpecReplicas() {
    webServers.create("scaled", Map.of("image", "nginx:latest", "replicas", 2));
    var resource =
        client.genericKubernetesResources(WEBSERVERS).inNamespace(namespace).withName("scaled");

    Scale before = resource.scale();
    assertThat(before.getSpec().getReplicas()).isEqualTo(2);

    resource.scale(3);

    assertThat(resource.get().<Integer>get("spec", "replicas")).isEqualTo(3);
    assertThat(resource.scale().getSpec().getReplicas()).isEqualTo(3);
  }

  @Test
  void scaleSubresourceRejectsZero() {
    webServers.create("scaled-to-zero", Map.of("image", "nginx:latest", "replicas", 1));
    var resource =
        client
            .genericKubernetesResources(WEBSERVERS)
            .inNamespace(namespace)
            .withName("scaled-to-zero");

    assertThatThrownBy(() -> resource.scale(0))
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("should be greater than or equal to 1");
    assertThat(resource.get().<Integer>get("spec", "replicas")).isEqualTo(1);
  }
}
