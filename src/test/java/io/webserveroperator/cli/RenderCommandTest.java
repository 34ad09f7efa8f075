package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.Project;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RenderCommandTest {

  record Run(int exit, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = Main.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int exit = cli.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  @Test
  void rendersTheSampleIntoDeploymentAndService() {
    Run run =
        run(
            "render",
            "-f",
            Project.file("samples/webapp_v1_webserver.yaml").toString(),
            "--templates",
            Project.file("templates").toString());
    assertThat(run.exit).isZero();
    assertThat(run.err).isEmpty();
    assertThat(run.out)
        .contains("kind: Deployment", "name: my-nginx-app-deployment", "kind: Service")
        .contains("app.kubernetes.io/managed-by: webserver-operator")
        .contains("image: nginx:latest", "replicas: 2");
  }

  @Test
  void failsWithNothingOnStdoutAndNamesResourceFileAndLine(@TempDir Path dir) throws Exception {
    Path resource = dir.resolve("ws.yaml");
    Files.writeString(
        resource,
        "apiVersion: webapp.example.com/v1\nkind: WebServer\nmetadata: {name: a, namespace: x}\n"
            + "spec: {image: nginx, replicas: 1, ingress: {path: /}}\n");

    Run run =
        run(
            "render",
            "-f",
            Project.file("samples/webapp_v1_webserver.yaml").toString(),
            "-f",
            resource.toString(),
            "--templates",
            Project.file("templates").toString());

    assertThat(run.exit).isNotZero();
    assertThat(run.out).isEmpty();
    assertThat(run.err)
        .contains("WebServer x/a: webserver/ingress.yaml.j2:14:")
        .contains("spec.ingress.host is required");
  }

  @Test
  void failsForAKindWhoseFolderHoldsNoTemplates(@TempDir Path dir) throws Exception {
    Files.copy(Project.file("templates/watches.yaml"), dir.resolve("watches.yaml"));
    Files.createDirectories(dir.resolve("webserver"));
    Files.writeString(dir.resolve("webserver/_status.yaml.j2"), "availableReplicas: 0\n");

    Run run =
        run(
            "render",
            "-f",
            Project.file("samples/webapp_v1_webserver.yaml").toString(),
            "--templates",
            dir.toString());

    assertThat(run.exit).isEqualTo(1);
    assertThat(run.out).isEmpty();
    assertThat(run.err).contains("The templates of WebServer").contains("hold no *.yaml.j2 file");
  }
}
