package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.webserveroperator.lint.LintInput;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code dev} prints about the templates: lint's findings at start and after each edit. */
class LintOnChangeTest {

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
