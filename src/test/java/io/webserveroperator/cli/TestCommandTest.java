package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.cli.RenderCommandTest.Run;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code test}: its output, exit codes, snapshots and report, on the project's templates. */
class TestCommandTest {

  @TempDir Path dir;

  private static Run test(Path templates, String... more) {
    String[] args = new String[more.length + 3];
    args[0] = "test";
    args[1] = "--templates";
    args[2] = templates.toString();
    System.arraycopy(more, 0, args, 3, more.length);
    return RenderCommandTest.run(args);
  }

  private static void edit(Path file, String from, String to) throws IOException {
    String text = Files.readString(file);
    assertThat(text).contains(from);
    Files.writeString(file, text.replace(from, to));
  }

  @Test
  void theProjectsTemplatesPassTheirTests() {
    Run run = test(Project.file("templates"));

    assertThat(run.err()).isEmpty();
    assertThat(run.out())
        .contains(
            "PASS  webserver/tests/tutorial_test.yaml > renders a Deployment and a Service only")
        .contains(
            "PASS  webserver/tests/errors_test.yaml > is refused for an ingress without a host")
        .doesNotContain("FAIL", "wrote snapshots")
        .containsPattern("(?m)^[1-9][0-9]* passed, 0 failed$");
    assertThat(run.exit()).isZero();
  }

  @Test
  void suitesGiveTheObjectsLookupsFindAndTheChildrenAndFailuresMaskSecrets() throws IOException {
    Path templates = dir.resolve("lookups");
    TemplateFolder.copy(Project.file("src/test/resources/io/webserveroperator/lookups"), templates);

    Run run = test(templates.resolve("templates"));

    assertThat(run.out()).contains("4 passed, 0 failed");
    assertThat(run.exit()).isZero();
    edit(
        templates.resolve("templates/app/tests/app_test.yaml"),
        "value: postgres://app:s3cret-password@db.vault",
        "value: postgres://app:other@db.vault");
    Run failed = test(templates.resolve("templates"));
    assertThat(failed.out())
        .contains("FAIL  app/tests/app_test.yaml > reads the platform's region")
        .contains("got \"postgres://app:***@db.vault\"")
        .doesNotContain("s3cret-password");
  }

  @Test
  void aBrokenTemplateFailsNamingFileAndCaseWithADiff() throws IOException {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    edit(
        templates.resolve("webserver/service.yaml.j2"),
        "default('ClusterIP')",
        "default('NodePort')");

    Run run = test(templates);

    assertThat(run.out())
        .contains(
            "FAIL  webserver/tests/tutorial_test.yaml > fronts the pods with a ClusterIP Service on"
                + " port 80\n      - equal spec.type of Service: expected \"ClusterIP\", got \"NodePort\"")
        .contains(
            "FAIL  webserver/tests/tutorial_test.yaml > renders the tutorial's objects as before")
        .contains("-  type: ClusterIP\n", "+  type: NodePort\n")
        .containsPattern("(?m)^[1-9][0-9]* passed, 2 failed$");
    assertThat(run.exit()).isEqualTo(1);
  }

  @Test
  void writesMissingSnapshotsComparesThemAndUpdatesThemOnRequest() throws IOException {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    Path snapshots = templates.resolve("webserver/tests/__snapshots__/tutorial_test.yaml.snap");
    Files.delete(snapshots);

    Run first = test(templates);
    assertThat(first.out()).contains("wrote snapshots " + snapshots);
    assertThat(first.exit()).isZero();
    assertThat(snapshots)
        .hasSameTextualContentAs(
            Project.file("templates/webserver/tests/__snapshots__/tutorial_test.yaml.snap"));

    // A field no other assertion looks at: only the snapshot sees it.
    edit(
        templates.resolve("webserver/service.yaml.j2"),
        "  type:",
        "  sessionAffinity: None\n  type:");
    Run changed = test(templates);
    assertThat(changed.out())
        .contains("matchSnapshot: the render differs", "+  sessionAffinity: None")
        .containsPattern("(?m)^[1-9][0-9]* passed, 1 failed$");
    assertThat(changed.exit()).isEqualTo(1);

    Run updated = test(templates, "--update-snapshots");
    assertThat(updated.out()).contains("wrote snapshots " + snapshots);
    assertThat(Files.readString(snapshots)).contains("sessionAffinity: None");
    assertThat(updated.exit()).isZero();
    Run after = test(templates);
    assertThat(after.out()).doesNotContain("FAIL", "wrote snapshots");
    assertThat(after.exit()).isZero();
  }

  @Test
  void writesAJUnitReport() {
    Path report = dir.resolve("reports/template-tests.xml");

    Run run = test(Project.file("templates"), "--junit", report.toString());

    assertThat(run.exit()).isZero();
    assertThat(report)
        .content()
        .startsWith("<?xml")
        .contains("<testsuite name=\"webserver/tests/tutorial_test.yaml\"");
  }

  @Test
  void anUnreadableTestFileFailsUnderItsName() throws IOException {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    Files.writeString(templates.resolve("webserver/tests/bad_test.yaml"), "tests: [{it: x}]\n");

    Run run = test(templates);

    assertThat(run.out())
        .contains(
            "FAIL  webserver/tests/bad_test.yaml > (reading the test file)\n"
                + "      - webserver/tests/bad_test.yaml: case \"x\" has no 'resource'");
    assertThat(run.exit()).isEqualTo(1);
  }

  @Test
  void noTestsAtAllFails() throws IOException {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    for (String kind : List.of("webserver", "postgres")) {
      try (Stream<Path> files = Files.walk(templates.resolve(kind).resolve("tests"))) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    }

    Run run = test(templates);

    assertThat(run.out())
        .contains("No template tests found: put them in <kind folder>/tests/*.yaml");
    assertThat(run.exit()).isEqualTo(1);
  }

  @Test
  void templatesThatCannotBeReadExitWithTwo() {
    Run run = test(dir.resolve("nowhere"));

    assertThat(run.err()).startsWith("test: ");
    assertThat(run.exit()).isEqualTo(2);
  }
}
