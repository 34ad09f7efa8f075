package io.webserveroperator.lint;

import static io.webserveroperator.lint.LintFixtures.FIXTURES;
import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lint of the readiness rules in watches.yaml: an expression that does not parse and a misspelt key
 * are errors at their line; an {@code object.status.} path the status schema of the judged kind
 * does not declare (a CRD in the crds folder, or the Kubernetes schema of a rendered version) is an
 * error with the closest declared field; a rule for a kind no template renders is a warning.
 */
class LintReadinessTest {

  static final Path READINESS = FIXTURES.resolve("readiness");

  @TempDir Path dir;
  Path templates;
  Path crds;

  /** The project's templates and CRD, with a template that renders a Widget and its CRD. */
  @BeforeEach
  void templatesThatRenderAWidget() throws IOException {
    templates = TemplateFolder.copyInto(dir.resolve("templates"));
    Files.copy(READINESS.resolve("widget.yaml.j2"), templates.resolve("webserver/widget.yaml.j2"));
    crds = Files.createDirectories(dir.resolve("crds"));
    Files.copy(
        Project.file("crds/webapp.example.com_webservers.yaml"),
        crds.resolve("webapp.example.com_webservers.yaml"));
    Files.copy(READINESS.resolve("widgets-crd.yaml"), crds.resolve("widgets.yaml"));
  }

  /** The findings in watches.yaml, linted with {@code watches} as it. */
  private List<Finding> lintWatches(String watches) throws IOException {
    Path file = templates.resolve("watches.yaml");
    Files.copy(READINESS.resolve(watches), file, StandardCopyOption.REPLACE_EXISTING);
    return LintFixtures.lint(templates, crds, Project.file("samples"), Project.file("deploy"))
        .stream()
        .filter(f -> f.file().equals(file.toString()))
        .toList();
  }

  private static int lineOf(String watches, String text) throws IOException {
    return Files.readAllLines(READINESS.resolve(watches)).stream()
            .takeWhile(line -> !line.contains(text))
            .toList()
            .size()
        + 1;
  }

  @Test
  void rulesReadingDeclaredStatusFieldsHaveNoFinding() throws IOException {
    assertThat(lintWatches("watches-good.yaml")).isEmpty();
  }

  @Test
  void undeclaredStatusPathsAreErrorsAndAKindNoTemplateRendersIsAWarning() throws IOException {
    String watches = "watches-typos.yaml";

    assertThat(lintWatches(watches))
        .containsExactly(
            Finding.error(
                templates.resolve("watches.yaml").toString(),
                lineOf(watches, "phsae"),
                "object.status.phsae is not in the status schema of Widget.test.example.com (did"
                    + " you mean object.status.phase?)"),
            Finding.error(
                templates.resolve("watches.yaml").toString(),
                lineOf(watches, "availableReplica "),
                "object.status.availableReplica is not in the status schema of Deployment.apps"
                    + " (did you mean object.status.availableReplicas?)"),
            Finding.error(
                templates.resolve("watches.yaml").toString(),
                lineOf(watches, "resaon"),
                "object.status.conditions[].resaon is not in the status schema of Deployment.apps"
                    + " (did you mean object.status.conditions[].reason?)"),
            Finding.warning(
                templates.resolve("watches.yaml").toString(),
                lineOf(watches, "cert-manager.io"),
                "no template renders Certificate.cert-manager.io, so this readiness rule judges"
                    + " nothing; check its group and kind"));
  }

  @Test
  void anExpressionThatDoesNotParseIsAnErrorAtItsLine() throws IOException {
    assertThat(lintWatches("watches-unparsed.yaml"))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.level()).isEqualTo(Finding.Level.ERROR);
              assertThat(f.line()).isEqualTo(lineOf("watches-unparsed.yaml", "ready:"));
              assertThat(f.message())
                  .startsWith(
                      "watches.yaml entry 1 (WebServer), readiness rule 1"
                          + " (Widget.test.example.com): ready: the expression 'object.status.phase"
                          + " ===' does not parse");
            });
  }

  @Test
  void aMisspeltKeyOfARuleIsAnErrorAtItsLine() throws IOException {
    assertThat(lintWatches("watches-unknown-key.yaml"))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.line()).isEqualTo(lineOf("watches-unknown-key.yaml", "mesage:"));
              assertThat(f.message())
                  .isEqualTo(
                      "watches.yaml entry 1 (WebServer), readiness rule 1 has an unknown key"
                          + " 'mesage'; the keys are [failed, group, kind, message, ready]");
            });
  }
}
