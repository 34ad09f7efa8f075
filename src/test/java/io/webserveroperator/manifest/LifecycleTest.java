package io.webserveroperator.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading the lifecycle annotations: strict on rendered objects, lenient on live ones. */
class LifecycleTest {

  @Test
  void readsEachAnnotationByItsOneValue() {
    assertThat(
            Lifecycle.of(
                annotated(
                    Map.of(
                        Lifecycle.RESOURCE_POLICY, "keep",
                        Lifecycle.SSA, "IfNotPresent",
                        Lifecycle.FORCE, "enabled"))))
        .isEqualTo(new Lifecycle(true, true, true));
    assertThat(Lifecycle.of(annotated(Map.of()))).isEqualTo(Lifecycle.DEFAULT);
    assertThat(Lifecycle.of(annotated(Map.of(Lifecycle.RESOURCE_POLICY, "Keep"))))
        .as("a live object may carry anything; only the accepted value counts")
        .isEqualTo(Lifecycle.DEFAULT);
  }

  @Test
  void aRenderedObjectWithAnotherValueOrAnUnknownKeyIsAProblemNamingIt() {
    assertThat(Lifecycle.problem(annotated(Map.of(Lifecycle.SSA, "Sometimes"))))
        .hasValueSatisfying(
            problem -> {
              assertThat(problem.annotation()).isEqualTo("webserver-operator.io/ssa");
              assertThat(problem.message()).contains("'Sometimes'", "'IfNotPresent'");
            });
    assertThat(Lifecycle.problem(annotated(Map.of("webserver-operator.io/forse", "enabled"))))
        .hasValueSatisfying(p -> assertThat(p.message()).contains("is not one the operator knows"));
    assertThat(Lifecycle.problem(annotated(Map.of(Lifecycle.ADOPT, "true"))))
        .as("the owner of an existing object hands it over; a template never renders it")
        .hasValueSatisfying(p -> assertThat(p.message()).contains("not for a template to render"));
    assertThat(
            Lifecycle.problem(
                annotated(Map.of("example.com/anything", "x", Lifecycle.FORCE, "enabled"))))
        .isEmpty();
  }

  private static Map<String, Object> annotated(Map<String, String> annotations) {
    return Map.of("metadata", Map.of("name", "x", "annotations", annotations));
  }
}
