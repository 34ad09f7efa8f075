package io.webserveroperator.templatetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.template.RenderException;
import java.nio.file.Path;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each assertion type, written as in a test file, against {@code rendered.yaml}: it passes when it
 * holds, and otherwise fails with a message that says what was expected and what rendered.
 */
class AssertionsTest {

  @TempDir Path dir;

  private void passes(String yaml) {
    passes(yaml, Fixtures.rendered());
  }

  private void passes(String yaml, Rendering rendering) {
    CaseContext context = context(rendering);
    for (Assertion assertion : Fixtures.assertions(yaml)) {
      assertion.check(context);
    }
  }

  private AbstractThrowableAssert<?, ? extends Throwable> fails(String yaml) {
    return fails(yaml, Fixtures.rendered());
  }

  private AbstractThrowableAssert<?, ? extends Throwable> fails(String yaml, Rendering rendering) {
    Assertion assertion = Fixtures.assertions(yaml).get(0);
    return assertThatThrownBy(() -> assertion.check(context(rendering)))
        .isInstanceOf(AssertionFailure.class);
  }

  private CaseContext context(Rendering rendering) {
    return new CaseContext(rendering, SnapshotStore.of(dir.resolve("t.yaml"), false));
  }

  @Test
  void hasDocumentsCountsAllObjectsOrThoseSelected() {
    passes("- hasDocuments: {count: 2}");
    passes("- {hasDocuments: {count: 1}, document: {kind: Service}}");
    passes("- {hasDocuments: {count: 0}, document: {kind: Ingress}}");
    fails("- hasDocuments: {count: 3}")
        .hasMessage(
            "expected 3, got 2. Rendered: Deployment shop-deployment, Service shop-service.");
  }

  @Test
  void containsDocumentAndNotContainsDocumentLookForKindAndName() {
    passes("- containsDocument: {kind: Deployment, name: shop-deployment, apiVersion: apps/v1}");
    passes("- notContainsDocument: {kind: Ingress}");
    fails("- containsDocument: {kind: Deployment, name: other}")
        .hasMessageStartingWith("not rendered");
    fails("- notContainsDocument: {kind: Service}").hasMessageStartingWith("rendered. Rendered:");
  }

  @Test
  void equalComparesNumbersByValueAndShowsBothSides() {
    passes("- {equal: {path: spec.replicas, value: 3}, document: {kind: Deployment}}");
    passes("- {notEqual: {path: spec.replicas, value: '3'}, document: {kind: Deployment}}");
    fails("- {equal: {path: spec.replicas, value: 2}, document: {kind: Deployment}}")
        .hasMessage("expected 2, got 3");
    fails("- {notEqual: {path: spec.type, value: ClusterIP}, document: {kind: Service}}")
        .hasMessage("it is \"ClusterIP\"");
  }

  @Test
  void equalOnMapsPrintsAUnifiedDiff() {
    fails(
            """
            - equal:
                path: metadata.labels
                value: {app: shop, app.kubernetes.io/name: httpd}
              document: {kind: Deployment}
            """)
        .hasMessageContaining("--- expected\n    +++ rendered")
        .hasMessageContaining("-app.kubernetes.io/name: httpd\n    +app.kubernetes.io/name: nginx");
  }

  @Test
  void aFieldAssertionNeedsOneObject() {
    fails("- equal: {path: spec.replicas, value: 3}")
        .hasMessageContaining("2 objects match any object; name one with document:")
        .hasMessageContaining("Rendered: Deployment shop-deployment, Service shop-service.");
    fails("- {exists: {path: spec}, document: {kind: Ingress}}")
        .hasMessageStartingWith("no object matches Ingress.");
  }

  @Test
  void matchRegexFindsAPatternInTheText() {
    passes(
        "- {matchRegex: {path: 'spec.template.spec.containers[0].image', pattern: '^nginx:1\\.'},"
            + " document: {kind: Deployment}}");
    passes("- {notMatchRegex: {path: spec.type, pattern: Port}, document: {kind: Service}}");
    fails("- {matchRegex: {path: spec.type, pattern: '^Node'}, document: {kind: Service}}")
        .hasMessage("\"ClusterIP\" does not match /^Node/");
    fails("- {matchRegex: {path: spec.ports, pattern: x}, document: {kind: Service}}")
        .hasMessageStartingWith("expected a text or number, got");
  }

  @Test
  void existsAndNotExistsTellAFieldFromAMissingOne() {
    passes(
        "- {exists: {path: 'metadata.labels[\"app.kubernetes.io/name\"]'}, document: {kind: Deployment}}");
    passes("- {notExists: {path: metadata.ownerReferences}, document: {kind: Deployment}}");
    fails("- {exists: {path: spec.clusterIP}, document: {kind: Service}}")
        .hasMessage("the field is missing");
    fails("- {notExists: {path: spec.type}, document: {kind: Service}}")
        .hasMessage("it is \"ClusterIP\"");
  }

  @Test
  void containsFindsAListItemHoldingTheGivenKeys() {
    passes("- {contains: {path: spec.ports, content: {port: 80}}, document: {kind: Service}}");
    passes("- {notContains: {path: spec.ports, content: {port: 443}}, document: {kind: Service}}");
    fails("- {contains: {path: spec.ports, content: {port: 443}}, document: {kind: Service}}")
        .hasMessageContaining("no item is like")
        .hasMessageContaining("port: 443")
        .hasMessageContaining("targetPort: 80");
    fails("- {contains: {path: spec.type, content: x}, document: {kind: Service}}")
        .hasMessage("expected a list, got \"ClusterIP\"");
  }

  @Test
  void lengthEqualCountsItemsOrKeys() {
    passes("- {lengthEqual: {path: spec.ports, count: 1}, document: {kind: Service}}");
    passes("- {lengthEqual: {path: metadata.labels, count: 2}, document: {kind: Deployment}}");
    fails("- {lengthEqual: {path: spec.ports, count: 2}, document: {kind: Service}}")
        .hasMessageStartingWith("expected 2 items, got 1:");
  }

  @Test
  void isSubsetDiffsOnlyTheKeysItAsksFor() {
    passes(
        "- {isSubset: {path: metadata.labels, content: {app: shop}}, document: {kind: Service}}");
    passes("- {isSubset: {content: {spec: {type: ClusterIP}}}, document: {kind: Service}}");
    fails(
            "- {isSubset: {path: metadata, content: {labels: {app: web}}}, document: {kind: Service}}")
        .hasMessageContaining("-  app: web\n    +  app: shop")
        .message()
        .doesNotContain("shop-service");
  }

  @Test
  void failedTemplateWantsARenderErrorContainingTheText() {
    Rendering failed =
        Rendering.failed(
            new RenderException(
                "WebServer prod/shop",
                "webserver/ingress.yaml.j2",
                14,
                "spec.ingress.host is required"));
    passes(
        "- failedTemplate: {errorContains: 'ingress.yaml.j2:14: spec.ingress.host is required'}",
        failed);
    fails("- failedTemplate: {errorContains: image}", failed)
        .hasMessageContaining("the render failed with another message:")
        .hasMessageContaining("WebServer prod/shop: webserver/ingress.yaml.j2:14");
    fails("- failedTemplate: {errorContains: image}")
        .hasMessageStartingWith("the render succeeded. Rendered: Deployment shop-deployment");
  }

  @Test
  void everyOtherAssertionFailsWithTheRenderError() {
    Rendering failed =
        Rendering.failed(new RenderException("WebServer prod/shop", "a.yaml.j2", 3, "boom"));
    fails("- hasDocuments: {count: 2}", failed)
        .hasMessage("the render failed: WebServer prod/shop: a.yaml.j2:3: boom");
  }

  @Test
  void describesEachAssertionAsWritten() {
    assertThat(
            Fixtures.assertions(
                    """
                    - {equal: {path: spec.replicas, value: 3}, document: {kind: Deployment}}
                    - matchSnapshot: {}
                    - containsDocument: {kind: Service, name: shop-service}
                    """)
                .stream()
                .map(Assertion::describe))
        .containsExactly(
            "equal spec.replicas of Deployment",
            "matchSnapshot",
            "containsDocument Service shop-service");
  }
}
