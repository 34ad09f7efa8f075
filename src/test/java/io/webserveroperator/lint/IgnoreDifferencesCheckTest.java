package io.webserveroperator.lint;

import static io.webserveroperator.lint.LintFixtures.editedTemplates;
import static io.webserveroperator.lint.LintFixtures.lintWithProjectFiles;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed ignoreDifferences entries in watches.yaml, reported at their line. Each test appends an
 * ignoreDifferences list to the project's WebServer entry, so that its first line is line 7 of
 * watches.yaml.
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
