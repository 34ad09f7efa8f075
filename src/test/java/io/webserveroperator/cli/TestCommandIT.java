package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar target/webserver-operator.jar test}, as a template author and Jenkins run it:
 * the packaged jar passes the project's template tests and fails a broken copy with exit 1, the
 * failing case named and a diff shown.
 */
class TestCommandIT {

  @TempDir Path dir;

  record Result(int exit, String output) {}

  private static Result runJar(String... args) throws IOException, InterruptedException {
    Path jar = Project.file("target/webserver-operator.jar");
    assertThat(jar).as("the packaged jar; run mvn verify").isRegularFile();
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                jar.toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("test ends within 60 s").isTrue();
    return new Result(process.exitValue(), output);
  }

  @Test
  void theJarPassesTheProjectsTemplateTests() throws Exception {
    Path report = dir.resolve("template-tests.xml");

    Result result =
        runJar(
            "test",
            "--templates",
            Project.file("templates").toString(),
            "--junit",
            report.toString());

    assertThat(result.output())
        .contains(
            "PASS  webserver/tests/tutorial_test.yaml > renders a Deployment and a Service only")
        .doesNotContain("FAIL")
        .containsPattern("(?m)^[1-9][0-9]* passed, 0 failed$");
    assertThat(result.exit()).isZero();
    assertThat(report).content().contains("<testsuites", "failures=\"0\"");
  }

  @Test
  void theJarFailsABrokenCopyNamingTheCaseWithADiff() throws Exception {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    Path deployment = templates.resolve("webserver/deployment.yaml.j2");
    Files.writeString(
        deployment, Files.readString(deployment).replace("default(80)", "default(8080)"));

    Result result = runJar("test", "--templates", templates.toString());

    assertThat(result.output())
        .contains(
            "FAIL  webserver/tests/tutorial_test.yaml > runs the image with the replicas asked for\n"
                + "      - equal spec.template.spec.containers[0].ports[0].containerPort of"
                + " Deployment: expected 80, got 8080")
        .contains(
            "FAIL  webserver/tests/tutorial_test.yaml > renders the tutorial's objects as before")
        .contains("-        - containerPort: 80\n", "+        - containerPort: 8080\n")
        .containsPattern("(?m)^[1-9][0-9]* passed, [1-9][0-9]* failed$");
    assertThat(result.exit()).isEqualTo(1);
  }
}
