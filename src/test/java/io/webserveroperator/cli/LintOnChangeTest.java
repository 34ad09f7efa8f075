package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.webserveroperator.OperatorException;
import io.webserveroperator.lint.LintInput;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code dev} prints about the templates: lint's findings at start and after each edit, and
 * after each edit first the preview's line, before the edit is handed to the operator.
 */
class LintOnChangeTest {

  static LintInput input(Path templates) {
    return new LintInput(
        templates, Project.file("crds"), Project.file("samples"), Project.file("deploy"));
  }

  static void save(Path templates) throws IOException {
    Path service = templates.resolve("webserver/service.yaml.j2");
    Files.writeString(service, Files.readString(service) + "\n");
  }

  @Test
  void afterAnEditPrintsThePreviewThenHandsTheEditOnThenLints(@TempDir Path dir) throws Exception {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    StringWriter out = new StringWriter();
    PrintWriter writer = new PrintWriter(out, true);
    List<String> steps = new CopyOnWriteArrayList<>();

    try (LintOnChange lint =
        LintOnChange.start(
            input(templates),
            Project.file("schemas"),
            writer,
            () -> {
              steps.add("preview");
              return "1 object would be pruned (Service default/web-service)";
            },
            () -> steps.add("hand on"))) {
      assertThat(out.toString()).isEqualTo("lint: 0 errors, 0 warnings\n");
      assertThat(steps).as("nothing to preview before an edit").isEmpty();

      save(templates);

      await()
          .atMost(Duration.ofSeconds(20))
          .untilAsserted(
              () ->
                  assertThat(out.toString())
                      .isEqualTo(
                          "lint: 0 errors, 0 warnings\n"
                              + "templates changed: 1 object would be pruned (Service"
                              + " default/web-service)\n"
                              + "lint: 0 errors, 0 warnings\n"));
      assertThat(steps).containsExactly("preview", "hand on");
    }
  }

  @Test
  void aFailingPreviewOrHandOverIsOneLineAndLintGoesOn(@TempDir Path dir) throws Exception {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    StringWriter out = new StringWriter();

    try (LintOnChange lint =
        LintOnChange.start(
            input(templates),
            Project.file("schemas"),
            new PrintWriter(out, true),
            () -> {
              throw new IllegalStateException("no cluster");
            },
            () -> {
              throw new OperatorException("Cannot copy the templates");
            })) {
      save(templates);

      await()
          .atMost(Duration.ofSeconds(20))
          .untilAsserted(
              () ->
                  assertThat(out.toString())
                      .isEqualTo(
                          "lint: 0 errors, 0 warnings\n"
                              + "templates changed: the preview failed:"
                              + " java.lang.IllegalStateException: no cluster\n"
                              + "templates changed: the operator keeps the templates before the"
                              + " edit: Cannot copy the templates\n"
                              + "lint: 0 errors, 0 warnings\n"));
    }
  }

  @Test
  void printsFindingsAtStartAndAfterAnEdit(@TempDir Path dir) throws Exception {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    LintInput input =
        new LintInput(
            templates, Project.file("crds"), Project.file("samples"), Project.file("deploy"));
    StringWriter out = new StringWriter();

    try (LintOnChange lint =
        LintOnChange.start(input, Project.file("schemas"), new PrintWriter(out, true))) {
      assertThat(out.toString()).isEqualTo("lint: 0 errors, 0 warnings\n");

      Path deployment = templates.resolve("webserver/deployment.yaml.j2");
      Files.writeString(
          deployment, Files.readString(deployment).replace("spec.replicas", "spec.replicsa"));

      await()
          .atMost(Duration.ofSeconds(20))
          .untilAsserted(
              () ->
                  assertThat(out.toString())
                      .contains("deployment.yaml.j2:")
                      .contains("spec.replicsa is not in WebServer's schema")
                      .contains("lint: 1 error,"));
    }
  }
}
