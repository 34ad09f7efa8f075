package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lint} as CI runs it: the packaged jar, from the project root, judged by its exit code and
 * output; and {@code --save-schemas} against a real API server.
 */
class LintCommandIT {

  private static final String BROKEN = "src/test/resources/io/webserveroperator/lint/broken";

  @TempDir Path work;

  record Run(int exit, String out, String err) {}

  private Run lint(String... args) throws IOException, InterruptedException {
    Path jar = Project.file("target/webserver-operator.jar");
    assertThat(jar).as("the jar the package phase builds").isRegularFile();
    List<String> command = new ArrayList<>(List.of("java", "-jar", jar.toString(), "lint"));
    command.addAll(List.of(args));
    Path out = work.resolve("out.txt");
    Path err = work.resolve("err.txt");
    Process process =
        new ProcessBuilder(command)
            .directory(Project.root().toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("lint finished").isTrue();
    return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  @Test
  void projectTemplatesPass() throws Exception {
    Run run = lint();

    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEqualTo("0 errors, 0 warnings\n");
  }

  @Test
  void brokenCopyFailsWithOneFindingPerDefect() throws Exception {
    Run run = lint("--templates", BROKEN);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out().lines().filter(line -> line.contains(": error: ")))
        .satisfiesExactly(
            include ->
                assertThat(include)
                    .startsWith(BROKEN + "/webserver/configmap.yaml.j2:8: error: include names"),
            replicas ->
                assertThat(replicas)
                    .startsWith(BROKEN + "/webserver/deployment.yaml.j2:11: error: Deployment")
                    .contains("spec.replicas", "integer expected"),
            typo ->
                assertThat(typo)
                    .isEqualTo(
                        BROKEN
                            + "/webserver/ingress.yaml.j2:14: error: spec.ingress.hots is not in"
                            + " WebServer's schema (did you mean spec.ingress.host?)"));
  }

  @Test
  void savedSchemasFromAClusterValidateAsTheCommittedOnes() throws Exception {
    Path kubeconfig = KubeTestBed.get().writeKubeConfig(work);
    Path saved = work.resolve("schemas");

    Run save = lint("--kubeconfig", kubeconfig.toString(), "--save-schemas", saved.toString());

    assertThat(save.exit()).isZero();
    // The group versions the project's templates render: the Postgres kind's Jobs are batch/v1.
    assertThat(saved.toFile().list())
        .containsExactlyInAnyOrder(
            "apps_v1.json", "batch_v1.json", "v1.json", "networking.k8s.io_v1.json");
    assertThat(Files.readString(saved.resolve("apps_v1.json")))
        .contains("\"io.k8s.api.apps.v1.Deployment\"");
    Run broken = lint("--templates", BROKEN, "--schemas", saved.toString());
    assertThat(broken.out()).contains("deployment.yaml.j2:11: error: Deployment spec.replicas");
  }

  @Test
  void allKindsOfSavesEveryKindOfTheGroupVersionsAsTheCommittedOnes() throws Exception {
    Path kubeconfig = KubeTestBed.get().writeKubeConfig(work);
    Path saved = work.resolve("schemas");

    Run save =
        lint(
            "--kubeconfig",
            kubeconfig.toString(),
            "--save-schemas",
            saved.toString(),
            "--all-kinds-of",
            "apps/v1,policy/v1");

    assertThat(save.exit()).isZero();
    assertThat(saved.toFile().list())
        .containsExactlyInAnyOrder(
            "apps_v1.json",
            "batch_v1.json",
            "v1.json",
            "networking.k8s.io_v1.json",
            "policy_v1.json");
    assertThat(Files.readString(saved.resolve("apps_v1.json")))
        .contains("\"io.k8s.api.apps.v1.StatefulSet\"", "\"io.k8s.api.apps.v1.DaemonSet\"")
        .doesNotContain("\"io.k8s.api.apps.v1.StatefulSetList\"");
    assertThat(Files.readString(saved.resolve("policy_v1.json")))
        .isEqualTo(Files.readString(Project.file("schemas/policy_v1.json")));
  }

  @Test
  void allKindsOfAGroupVersionTheClusterDoesNotServeCannotRun() throws Exception {
    Path kubeconfig = KubeTestBed.get().writeKubeConfig(work);

    Run save =
        lint(
            "--kubeconfig",
            kubeconfig.toString(),
            "--save-schemas",
            work.resolve("schemas").toString(),
            "--all-kinds-of",
            "example.com/v9");

    assertThat(save.exit()).isEqualTo(2);
    assertThat(save.err())
        .isEqualTo(
            "lint: There is no OpenAPI document for example.com/v9: name a group-version the API"
                + " server serves, such as apps/v1.\n");
  }
}
