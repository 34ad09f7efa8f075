package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Patch;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.Lookup;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SettledInputsTest {

  private static final ObjectRef DEPLOYMENT =
      new ObjectRef("apps/v1", "Deployment", "shop", "web-deployment");

  private final FakeChildren children = new FakeChildren();
  private Map<String, Object> applied;

  @BeforeEach
  void applyTheDeployment() {
    applied =
        Map.of(
            "metadata",
            Map.of(
                "resourceVersion",
                children.apply(entry(Map.of("replicas", 2))).getMetadata().getResourceVersion()));
  }

  @Test
  void theSameResourceTemplatesAndChildrenAreUnchanged() {
    SettledInputs inputs =
        SettledInputs.after("7", 1, Map.of(DEPLOYMENT, applied), noReads()).orElseThrow();

    assertThat(inputs.unchanged(resource("7"), 1, children, nothingRead())).isTrue();
  }

  @Test
  void aNewVersionOfTheResourceOrOtherTemplatesAreAChange() {
    SettledInputs inputs =
        SettledInputs.after("7", 1, Map.of(DEPLOYMENT, applied), noReads()).orElseThrow();

    assertThat(inputs.unchanged(resource("8"), 1, children, nothingRead())).isFalse();
    assertThat(inputs.unchanged(resource("7"), 2, children, nothingRead())).isFalse();
  }

  @Test
  void anEditedOrDeletedChildIsAChange() {
    SettledInputs inputs =
        SettledInputs.after("7", 1, Map.of(DEPLOYMENT, applied), noReads()).orElseThrow();

    children.edit(DEPLOYMENT, "replicas", 5);
    assertThat(inputs.unchanged(resource("7"), 1, children, nothingRead())).isFalse();

    children.delete(DEPLOYMENT);
    assertThat(inputs.unchanged(resource("7"), 1, children, nothingRead())).isFalse();
  }

  @Test
  void nothingIsRememberedWhenAVersionIsUnknown() {
    assertThat(SettledInputs.after(null, 1, Map.of(DEPLOYMENT, applied), noReads())).isEmpty();
    assertThat(
            SettledInputs.after(
                "7", 1, Map.of(DEPLOYMENT, Map.of("metadata", Map.of())), noReads()))
        .isEmpty();
  }

  private ReconcileReads noReads() {
    return new ReconcileReads(
        new ObjectRef("webapp.example.com/v1", "WebServer", "shop", "web"),
        Inventory.empty(),
        children,
        new FakeLookups(),
        new KubernetesSerialization());
  }

  private static SettledInputs.ReadsNow nothingRead() {
    return new SettledInputs.ReadsNow() {
      @Override
      public Optional<String> lookup(Lookup lookup) {
        return Optional.empty();
      }

      @Override
      public Map<ObjectRef, String> children() {
        return Map.of();
      }
    };
  }

  private static GenericKubernetesResource resource(String version) {
    GenericKubernetesResource resource = new GenericKubernetesResource();
    resource.setMetadata(
        new ObjectMetaBuilder()
            .withName("web")
            .withNamespace("shop")
            .withResourceVersion(version)
            .build());
    return resource;
  }

  private static PlanEntry entry(Map<String, Object> spec) {
    Map<String, Object> desired =
        Map.of(
            "apiVersion",
            "apps/v1",
            "kind",
            "Deployment",
            "metadata",
            Map.of("name", DEPLOYMENT.name(), "namespace", DEPLOYMENT.namespace()),
            "spec",
            new HashMap<>(spec));
    return new PlanEntry(
        DEPLOYMENT,
        Action.CREATE,
        desired,
        null,
        Patch.of(JsonNodeFactory.instance.arrayNode()),
        "t.yaml.j2",
        null);
  }
}
