package io.webserveroperator.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

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

    assertThat(LifecycleCheck.check(FILE, template, "WebServer"))
        .containsExactly(
            Finding.error(FILE, 6, problem(Lifecycle.RESOURCE_POLICY, "keeep").message()),
            Finding.error(FILE, 8, problem(Lifecycle.SSA, "Sometimes").message()));
    assertThat(LifecycleCheck.check(FILE, template, "WebServer").get(0).message())
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

    assertThat(LifecycleCheck.check(FILE, template, "WebServer"))
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

    assertThat(LifecycleCheck.check(FILE, template, "WebServer")).isEmpty();
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

    assertThat(LifecycleCheck.check(FILE, template, "WebServer")).isEmpty();
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

    assertThat(LifecycleCheck.check(FILE, template, "WebServer")).isEmpty();
  }

  @Test
  void claimWithoutKeepIsAWarningAtItsKindLine() {
    String template =
        """
        apiVersion: v1
        kind: PersistentVolumeClaim
        metadata:
          name: data
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
        {% if spec.port %}
        ---
        apiVersion: v1
        kind: "PersistentVolumeClaim"
        metadata:
          name: cache
          annotations:
            example.com/other: keep
            webserver-operator.io/ssa: IfNotPresent
        {% endif %}
        """;

    assertThat(LifecycleCheck.check(FILE, template, "WebServer"))
        .extracting(Finding::line, Finding::level)
        .containsExactly(tuple(2, Finding.Level.WARNING), tuple(13, Finding.Level.WARNING));
    assertThat(LifecycleCheck.check(FILE, template, "WebServer").get(0).message())
        .isEqualTo(
            "PersistentVolumeClaim rendered without webserver-operator.io/resource-policy: keep:"
                + " deleting the WebServer or no longer rendering the claim deletes it, and with"
                + " the usual reclaim policy (Delete) its volume's data; add the annotation to keep"
                + " it (Helm's helm.sh/resource-policy: keep)");
  }

  @Test
  void claimWithKeepHasNoFinding() {
    String template =
        """
        apiVersion: v1
        metadata:
          name: data
          annotations:
            webserver-operator.io/resource-policy: keep
        kind: PersistentVolumeClaim
        ---
        apiVersion: v1
        kind: PersistentVolumeClaim
        metadata:
          name: cache
          annotations:
            webserver-operator.io/resource-policy: {{ spec.policy }}
        """;

    assertThat(LifecycleCheck.check(FILE, template, "WebServer")).isEmpty();
  }

  @Test
  void statefulSetWithClaimTemplatesAndNoRetentionPolicyIsAWarningAtItsKindLine() {
    String template =
        """
        apiVersion: apps/v1
        kind: StatefulSet
        metadata:
          name: db
        spec:
          volumeClaimTemplates:
          - metadata:
              name: data
        ---
        apiVersion: apps/v1
        kind: StatefulSet
        metadata:
          name: kept
        spec:
          persistentVolumeClaimRetentionPolicy:
            whenDeleted: Retain
          volumeClaimTemplates:
          - metadata:
              name: data
        ---
        apiVersion: apps/v1
        kind: StatefulSet
        metadata:
          name: stateless
        """;

    assertThat(LifecycleCheck.check(FILE, template, "Postgres"))
        .singleElement()
        .satisfies(
            finding -> {
              assertThat(finding.line()).isEqualTo(2);
              assertThat(finding.level()).isEqualTo(Finding.Level.WARNING);
              assertThat(finding.message())
                  .startsWith(
                      "StatefulSet with volumeClaimTemplates and no"
                          + " persistentVolumeClaimRetentionPolicy: the claims it makes hold the"
                          + " Postgres's data");
            });
  }

  private static Lifecycle.Problem problem(String annotation, String value) {
    return Lifecycle.problem(Map.of("metadata", Map.of("annotations", Map.of(annotation, value))))
        .orElseThrow();
  }
}
