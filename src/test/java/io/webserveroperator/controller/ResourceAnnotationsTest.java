package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResourceAnnotationsTest {

  @Test
  void onlyDisabledSuspends() {
    assertThat(
            ResourceAnnotations.disabled(
                annotated(Map.of("webserver-operator.io/reconcile", "disabled"))))
        .isTrue();
    assertThat(
            ResourceAnnotations.disabled(
                annotated(Map.of("webserver-operator.io/reconcile", "Disabled"))))
        .isFalse();
    assertThat(ResourceAnnotations.disabled(annotated(Map.of("kro.run/reconcile", "suspended"))))
        .isFalse();
    assertThat(ResourceAnnotations.disabled(annotated(null))).isFalse();
  }

  @Test
  void aValueOtherThanDisabledOrEnabledIsUnknown() {
    assertThat(
            ResourceAnnotations.unknownReconcileValue(
                annotated(Map.of("webserver-operator.io/reconcile", "suspended"))))
        .contains("suspended");
    assertThat(
            ResourceAnnotations.unknownReconcileValue(
                annotated(Map.of("webserver-operator.io/reconcile", "enabled"))))
        .isEmpty();
    assertThat(
            ResourceAnnotations.unknownReconcileValue(
                annotated(Map.of("webserver-operator.io/reconcile", "disabled"))))
        .isEmpty();
    assertThat(ResourceAnnotations.unknownReconcileValue(annotated(Map.of()))).isEmpty();
  }

  @Test
  void aBlankRequestIsNoRequest() {
    assertThat(
            ResourceAnnotations.requestedAt(
                annotated(Map.of("webserver-operator.io/requested-at", "1767225600"))))
        .contains("1767225600");
    assertThat(
            ResourceAnnotations.requestedAt(
                annotated(Map.of("webserver-operator.io/requested-at", " "))))
        .isEmpty();
  }

  @Test
  void theSuspendedMessageSaysHowToResume() {
    assertThat(ResourceAnnotations.suspendedMessage(annotated(Map.of())))
        .endsWith(
            "To resume at once: kubectl annotate webserver web -n shop webserver-operator.io/reconcile-");
  }

  private static GenericKubernetesResource annotated(Map<String, String> annotations) {
    GenericKubernetesResource resource = new GenericKubernetesResource();
    resource.setKind("WebServer");
    resource.setMetadata(
        new ObjectMetaBuilder()
            .withName("web")
            .withNamespace("shop")
            .withAnnotations(annotations)
            .build());
    return resource;
  }
}
