package io.webserveroperator.lint;

import static io.webserveroperator.lint.LintFixtures.editedTemplates;
import static io.webserveroperator.lint.LintFixtures.lintWithProjectFiles;
import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.Project;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ignoreDifferences in watches.yaml against the kinds the templates render and their schemas, and
 * malformed entries reported at their line. Each test appends an ignoreDifferences list to the
 * project's WebServer entry, so that its first line is line 7 of watches.yaml.
 */
class IgnoreDifferencesCheckTest {

  private static final String STATUS_LINE =
      "  status: webserver/_status.yaml.j2 # renders status fields from the live children\n";

  /** The project's templates with {@code entries} (YAML, indented by two) as ignoreDifferences. */
  private static Path withIgnoreDifferences(Path dir, String entries) {
    return editedTemplates(
        dir,
        "watches.yaml",
        STATUS_LINE,
        STATUS_LINE + "  ignoreDifferences:\n" + entries.indent(2));
  }

  private static List<Finding> watchesFindings(Path templates, List<Finding> findings) {
    String watches = templates.resolve("watches.yaml").toString();
    return findings.stream().filter(f -> f.file().equals(watches)).toList();
  }

  @Test
  void pointersToFieldsListItemsAndMapValuesHaveNoFinding(@TempDir Path dir) {
    Path templates =
        withIgnoreDifferences(
            dir,
            """
            - group: apps
              kind: Deployment
              jsonPointers:
              - /spec/replicas
              - /spec/template/spec/containers/0/image
              - /metadata/annotations/example.com~1x
              managedFieldsManagers: [kube-controller-manager]
            """);

    assertThat(lintWithProjectFiles(templates)).isEmpty();
  }

  @Test
  void pointerToNoFieldIsAnErrorAtItsLineWithTheClosestField(@TempDir Path dir) {
    Path templates =
        withIgnoreDifferences(
            dir,
            """
            - group: apps
              kind: Deployment
              jsonPointers:
              - /spec/replicas
              - /spec/replica
            """);

    assertThat(lintWithProjectFiles(templates))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.file()).isEqualTo(templates.resolve("watches.yaml").toString());
              assertThat(f.line()).isEqualTo(12);
              assertThat(f.level()).isEqualTo(Finding.Level.ERROR);
              assertThat(f.message())
                  .isEqualTo(
                      "ignoreDifferences of WebServer: /spec/replica is not a field of apps/v1"
                          + " Deployment (did you mean /spec/replicas?)");
            });
  }

  @Test
  void fieldNameWhereAListNeedsAnIndexIsAnError(@TempDir Path dir) {
    Path templates =
        withIgnoreDifferences(
            dir,
            """
            - group: apps
              kind: Deployment
              jsonPointers: [/spec/template/spec/containers/image]
            """);

    assertThat(lintWithProjectFiles(templates))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.line()).isEqualTo(10);
              assertThat(f.message())
                  .contains(
                      "/spec/template/spec/containers/image is not a field",
                      "/spec/template/spec/containers is a list: name an item by its index,"
                          + " such as /spec/template/spec/containers/0");
            });
  }

  @Test
  void kindTheTemplatesNeverRenderIsAnErrorAtItsEntry(@TempDir Path dir) {
    Path templates =
        withIgnoreDifferences(
            dir,
            """
            - group: apps
              kind: Deployment
              jsonPointers: [/spec/replicas]
            - group: apps
              kind: StatefulSet
              jsonPointers: [/spec/replicas]
            - kind: Deployment
              jsonPointers: [/spec/replicas]
            """);

    assertThat(lintWithProjectFiles(templates))
        .extracting(f -> f.line() + ": " + f.level() + ": " + f.message())
        .containsExactly(
            "11: ERROR: ignoreDifferences names apps StatefulSet, which the templates of"
                + " WebServer never render",
            "14: ERROR: ignoreDifferences names Deployment (core group), which the templates of"
                + " WebServer never render (they render apps Deployment: set group: apps)");
  }

  @Test
  void kindWithoutASchemaIsAWarningThatItsPointersAreNotChecked(@TempDir Path dir) {
    Path templates =
        withIgnoreDifferences(
            dir,
            """
            - group: apps
              kind: Deployment
              jsonPointers: [/spec/replica]
            """);

    List<Finding> findings =
        Lint.run(
                new LintInput(
                    templates,
                    Project.file("crds"),
                    Project.file("samples"),
                    Project.file("deploy")),
                OpenApiSchemas.folder(dir.resolve("no-schemas")))
            .findings();

    assertThat(watchesFindings(templates, findings))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.line()).isEqualTo(8);
              assertThat(f.level()).isEqualTo(Finding.Level.WARNING);
              assertThat(f.message())
                  .startsWith("no OpenAPI schema for apps/v1 Deployment, so the jsonPointers");
            });
  }

  @Test
  void unknownKeyOfAnEntryIsAnErrorAtTheKeysLine(@TempDir Path dir) {
    Path templates =
        withIgnoreDifferences(
            dir,
            """
            - group: apps
              kind: Deployment
              jsonPointers: [/spec/replicas]
            - group: apps
              kind: Deployment
              jqPathExpressions: [.spec.replicas]
            """);

    assertThat(lintWithProjectFiles(templates))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.line()).isEqualTo(13);
              assertThat(f.message())
                  .contains("ignoreDifferences entry 2 has an unknown key 'jqPathExpressions'");
            });
  }

  @Test
  void pointerThatDoesNotParseIsAnErrorAtItsItem(@TempDir Path dir) {
    Path templates =
        withIgnoreDifferences(
            dir,
            """
            - group: apps
              kind: Deployment
              jsonPointers:
              - /spec/replicas
              - spec/template
            """);

    assertThat(lintWithProjectFiles(templates))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.line()).isEqualTo(12);
              assertThat(f.message()).contains("'spec/template' is not a JSON pointer");
            });
  }

  @Test
  void entryWithoutKindIsAnErrorAtTheEntry(@TempDir Path dir) {
    Path templates =
        withIgnoreDifferences(
            dir,
            """
            - group: apps
              kind: Deployment
              jsonPointers: [/spec/replicas]
            - group: apps
              jsonPointers: [/spec/replicas]
            """);

    assertThat(lintWithProjectFiles(templates))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.line()).isEqualTo(11);
              assertThat(f.message()).contains("ignoreDifferences entry 2 needs 'kind'");
            });
  }
}
