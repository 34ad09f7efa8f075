package io.webserveroperator.templatetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a test file: where a case's resource comes from, what {@code set} does, and errors that
 * name the file, the case and what to write instead.
 */
class SuiteReaderTest {

  static final TemplatedKind WEB_SERVER =
      TemplatedKind.of("webapp.example.com", "v1", "WebServer", "webserver");

  @TempDir Path dir;

  private TestSuite read(String yaml) throws IOException {
    Path file = Files.writeString(dir.resolve("t_test.yaml"), yaml);
    return SuiteReader.read(file, "webserver/tests/t_test.yaml", WEB_SERVER);
  }

  @Test
  void aCaseTakesTheFileResourceChangedBySetAndTheKindsDefaults() throws IOException {
    TestSuite suite =
        read(
            """
            resource:
              metadata: {name: shop}
              spec: {image: nginx, replicas: 1}
            tests:
              - it: sets the port
                set: {spec.port: 8080, spec.image: null}
                asserts: [hasDocuments: {count: 2}]
            """);

    assertThat(suite.cases().get(0).resource())
        .isEqualTo(
            WebServers.resource(
                Map.of("name", "shop", "namespace", "default"),
                Map.of("replicas", 1, "port", 8080)));
  }

  @Test
  void aResourceMayBeAFileBesideTheTest() throws IOException {
    Files.writeString(
        dir.resolve("shop.yaml"),
        "apiVersion: webapp.example.com/v1\nkind: WebServer\nmetadata: {name: shop, namespace: prod}\n");
    TestSuite suite =
        read(
            """
            tests:
              - it: reads the file
                resource: shop.yaml
                asserts: [hasDocuments: {count: 2}]
            """);

    assertThat(suite.cases().get(0).resource().get("metadata"))
        .isEqualTo(Map.of("name", "shop", "namespace", "prod"));
  }

  @Test
  void anUnknownAssertionTypeIsAnErrorListingTheKnownOnes() {
    assertThatThrownBy(
            () ->
                read(
                    """
                    resource: {metadata: {name: shop}}
                    tests:
                      - it: misspells
                        asserts: [equals: {path: spec.replicas, value: 1}]
                    """))
        .isInstanceOf(TemplateTestException.class)
        .hasMessageContaining(
            "webserver/tests/t_test.yaml: case \"misspells\": asserts[0]: unknown assertion type"
                + " 'equals'")
        .hasMessageContaining("equal, exists, failedTemplate");
  }

  @Test
  void anUnknownArgumentIsAnError() {
    assertThatThrownBy(
            () ->
                read(
                    """
                    resource: {metadata: {name: shop}}
                    tests:
                      - it: misspells an argument
                        asserts: [equal: {path: spec.replicas, vaule: 1}]
                    """))
        .hasMessageContaining("asserts[0]: equal takes [path, value], not [vaule]");
  }

  @Test
  void aCaseWithoutResourceOrAssertsOrWithATakenNameIsAnError() {
    assertThatThrownBy(
            () -> read("tests:\n  - it: lone\n    asserts: [hasDocuments: {count: 1}]\n"))
        .hasMessageContaining("case \"lone\" has no 'resource', and the file has none");
    assertThatThrownBy(() -> read("resource: {}\ntests:\n  - it: empty\n"))
        .hasMessageContaining("case \"empty\" has no 'asserts' list");
    assertThatThrownBy(
            () ->
                read(
                    """
                    resource: {}
                    tests:
                      - {it: twice, asserts: [hasDocuments: {count: 1}]}
                      - {it: twice, asserts: [hasDocuments: {count: 1}]}
                    """))
        .hasMessageContaining("case \"twice\" is there twice");
  }

  @Test
  void aResourceOfAnotherKindIsAnError() {
    assertThatThrownBy(
            () ->
                read(
                    """
                    resource: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}}
                    tests:
                      - {it: wrong kind, asserts: [hasDocuments: {count: 1}]}
                    """))
        .hasMessageContaining(
            "the resource is a v1 ConfigMap, but the tests in this folder render"
                + " webapp.example.com/v1 WebServer");
  }

  @Test
  void snapshotsOfACaseAreNamedAfterIt() throws IOException {
    TestSuite suite =
        read(
            """
            resource: {}
            tests:
              - it: two snapshots
                asserts:
                  - matchSnapshot: {}
                  - {matchSnapshot: {}, document: {kind: Service}}
            """);

    assertThat(suite.cases().get(0).assertions())
        .containsExactly(
            new MatchSnapshot(DocumentSelector.ANY, "two snapshots"),
            new MatchSnapshot(new DocumentSelector("Service", null, null), "two snapshots (2)"));
  }
}
