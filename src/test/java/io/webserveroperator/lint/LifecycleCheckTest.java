package io.webserveroperator.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.Lifecycle;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lifecycle annotations in a template's text, whatever branch writes them. */
class LifecycleCheckTest {

  private static final String FILE = "templates/webserver/data.yaml.j2";

  @Test
  void unknownValueIsAnErrorAtItsLineWithTheMessageOfLifecycle() {
    String template =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ metadata.name }}-data
          annotations:
            webserver-operator.io/resource-policy: keeep
        {% if spec.port %}
            webserver-operator.io/ssa: "Sometimes"  # never
        {% endif %}
        """;

    assertThat(LifecycleCheck.check(FILE, template))
        .containsExactly(
            Finding.error(FILE, 6, problem(Lifecycle.RESOURCE_POLICY, "keeep").message()),
            Finding.error(FILE, 8, problem(Lifecycle.SSA, "Sometimes").message()));
    assertThat(LifecycleCheck.check(FILE, template).get(0).message())
        .contains(Lifecycle.RESOURCE_POLICY, "'keeep'", "'keep'");
  }

  @Test
  void unknownKeyUnderThePrefixIsAnError() {
    String template =
        """
        kind: ConfigMap
        metadata:
          annotations:
            webserver-operator.io/resource-polcy: keep
        """;

    assertThat(LifecycleCheck.check(FILE, template))
        .singleElement()
        .satisfies(
            error -> {
              assertThat(error.line()).isEqualTo(4);
              assertThat(error.level()).isEqualTo(Finding.Level.ERROR);
              assertThat(error.message())
                  .isEqualTo(problem("webserver-operator.io/resource-polcy", "keep").message())
                  .contains("webserver-operator.io/resource-polcy is not one the operator knows");
            });
  }

  @Test
  void validAnnotationsGiveNoFinding() {
    String template =
        """
        kind: ConfigMap
        metadata:
          annotations:
            webserver-operator.io/resource-policy: keep
            "webserver-operator.io/ssa": 'IfNotPresent'
            webserver-operator.io/force: enabled # recreated when immutable
            example.com/other: anything
        ---
        kind: Secret
        metadata:
          annotations: {}
        """;

    assertThat(LifecycleCheck.check(FILE, template)).isEmpty();
  }

  @Test
  void valueAnExpressionWritesIsLeftToTheRender() {
    String template =
        """
        kind: ConfigMap
        metadata:
          annotations:
            webserver-operator.io/ssa: {{ spec.ssa }}
            webserver-operator.io/force: {% if spec.force %}enabled{% endif %}
        """;

    assertThat(LifecycleCheck.check(FILE, template)).isEmpty();
  }

  @Test
  void labelsPodTemplatesAndCommentsAreNotTheObjectsAnnotations() {
    String template =
        """
        kind: Deployment
        metadata:
          labels:
            webserver-operator.io/shard: a
        {# metadata:
          annotations:
            webserver-operator.io/ssa: Sometimes #}
        spec:
          template:
            metadata:
              annotations:
                webserver-operator.io/ssa: Sometimes
        """;

    assertThat(LifecycleCheck.check(FILE, template)).isEmpty();
  }

  private static Lifecycle.Problem problem(String annotation, String value) {
    return Lifecycle.problem(Map.of("metadata", Map.of("annotations", Map.of(annotation, value))))
        .orElseThrow();
  }
}
