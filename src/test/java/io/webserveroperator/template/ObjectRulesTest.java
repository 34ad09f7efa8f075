package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Namespace, scope, identity and strictness rules, and what their errors say. */
class ObjectRulesTest {

  static final TemplateRegistry REGISTRY =
      TemplateRegistry.load(Fixtures.path("rules/watches.yaml"));

  @AfterAll
  static void close() {
    REGISTRY.close();
  }

  static List<RenderedObject> render(String kind, Map<String, Object> spec) {
    TemplatedKind watch = REGISTRY.watchFor("test.example.com/v1", kind).orElseThrow();
    return REGISTRY.render(
        watch,
        Map.of(
            "apiVersion",
            "test.example.com/v1",
            "kind",
            kind,
            "metadata",
            Map.of("name", "web", "namespace", "team-a", "uid", "uid-1"),
            "spec",
            spec));
  }

  @Test
  void anUnknownLifecycleValueFailsTheRenderWithFileLineAndAnnotation() {
    assertThatThrownBy(() -> render("Lifecycle", Map.of("policy", "keeep")))
        .isInstanceOf(RenderException.class)
        .hasMessageStartingWith("Lifecycle team-a/web: lifecycle/pvc.yaml.j2:7: ")
        .hasMessageContaining(
            "annotation webserver-operator.io/resource-policy has the value 'keeep'; the only"
                + " value it accepts is 'keep'");
    assertThatThrownBy(() -> render("Lifecycle", Map.of("ssa", "Sometimes")))
        .hasMessageContaining("pvc.yaml.j2:10: ")
        .hasMessageContaining("webserver-operator.io/ssa has the value 'Sometimes'");
  }

  @Test
  void anUnknownOperatorAnnotationFailsTheRenderRatherThanBeingIgnored() {
    assertThatThrownBy(() -> render("Lifecycle", Map.of("typo", true)))
        .hasMessageContaining(
            "annotation webserver-operator.io/resource-polcy is not one the operator knows");
  }

  @Test
  void aKeptObjectHasNoOwnerReferenceForTheGarbageCollectorToFollow() {
    RenderedObject kept = render("Keep", Map.of()).get(0);

    assertThat(UntypedMaps.asMap(kept.body().get("metadata"), "a map"))
        .doesNotContainKey("ownerReferences")
        .extractingByKey("labels")
        .isEqualTo(
            Map.of(
                "app.kubernetes.io/managed-by", "webserver-operator",
                "app.kubernetes.io/instance", "web",
                "webserver-operator.io/owner-kind", "Keep",
                "webserver-operator.io/owner-group", "test.example.com"));
    assertThat(
            UntypedMaps.asMap(
                render("Lifecycle", Map.of("ssa", "IfNotPresent")).get(0).body().get("metadata"),
                "a map"))
        .containsKey("ownerReferences");
  }

  @Test
  void rejectsAnObjectInAnotherNamespace() {
    assertThatThrownBy(() -> render("OtherNamespace", Map.of()))
        .isInstanceOf(RenderException.class)
        .hasMessageStartingWith("OtherNamespace team-a/web: other-namespace/cm.yaml.j2: ")
        .hasMessageContaining("ConfigMap elsewhere/web names namespace elsewhere")
        .hasMessageContaining("allowOtherNamespaces");
  }

  @Test
  void allowsAnotherNamespaceWhenWatchesYamlSaysSoWithoutAnOwnerReference() {
    RenderedObject elsewhere = render("OtherNamespaceAllowed", Map.of()).get(0);

    assertThat(elsewhere.ref().namespace()).isEqualTo("elsewhere");
    assertThat(UntypedMaps.asMap(elsewhere.body().get("metadata"), "a map"))
        .as("the garbage collector would delete an object whose owner is in another namespace")
        .doesNotContainKey("ownerReferences");
  }

  @Test
  void rejectsAClusterScopedKindUnlessAllowed() {
    assertThatThrownBy(() -> render("ClusterRole", Map.of()))
        .hasMessageContaining("ClusterRole web-reader is cluster-scoped")
        .hasMessageContaining("allowedClusterScopedKinds");
    RenderedObject role = render("ClusterRoleAllowed", Map.of()).get(0);
    assertThat(role.ref().namespace()).isNull();
    assertThat(UntypedMaps.asMap(role.body().get("metadata"), "a map"))
        .doesNotContainKey("ownerReferences");
  }

  @Test
  void rejectsTwoTemplatesRenderingTheSameObject() {
    assertThatThrownBy(() -> render("Duplicate", Map.of()))
        .hasMessageContaining("duplicate/b.yaml.j2")
        .hasMessageContaining(
            "ConfigMap team-a/web is rendered twice, also by duplicate/a.yaml.j2");
  }

  @Test
  void failsOnAnUnknownVariableNamingFileLineAndVariable() {
    assertThatThrownBy(() -> render("UnknownVariable", Map.of("image", "nginx")))
        .isInstanceOfSatisfying(
            RenderException.class,
            e -> {
              assertThat(e.template()).isEqualTo("unknown-variable/cm.yaml.j2");
              assertThat(e.line()).isEqualTo(6);
              assertThat(e.reason()).contains("'spec.imag'");
            })
        .hasMessageStartingWith("UnknownVariable team-a/web: unknown-variable/cm.yaml.j2:6: ");
  }

  @Test
  void requiredFailsWithTheAuthorsMessage() {
    assertThatThrownBy(() -> render("Required", Map.of()))
        .isInstanceOfSatisfying(
            RenderException.class,
            e -> {
              assertThat(e.line()).isEqualTo(7);
              assertThat(e.reason()).isEqualTo("spec.host is needed for the route");
            });
    assertThat(render("Required", Map.of("host", "a.example.com")).get(0).body())
        .extracting("data")
        .isEqualTo(Map.of("host", "a.example.com"));
  }

  @Test
  void templatesCannotCallJavaMethods() {
    assertThatThrownBy(() -> render("JavaCall", Map.of("value", "x")))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("java-call/cm.yaml.j2:6");
  }

  @Test
  void invalidYamlNamesTheTemplateLineAndShowsTheOutputLine() {
    assertThatThrownBy(() -> render("BadYaml", Map.of()))
        .hasMessageContaining("bad-yaml/cm.yaml.j2:5: the line it renders is not valid YAML")
        .hasMessageContaining("(data: broken)");
  }

  @Test
  void anObjectNeedsAName() {
    assertThatThrownBy(() -> render("NoName", Map.of()))
        .hasMessageContaining("the rendered ConfigMap has no metadata.name");
  }
}
