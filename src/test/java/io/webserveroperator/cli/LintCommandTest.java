package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.webserveroperator.testing.Project;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LintCommandTest {

  private static final String BROKEN =
      Project.file("src/test/resources/io/webserveroperator/lint/broken").toString();

  @Test
  void projectTemplatesPassWithExitZero() {
    RenderCommandTest.Run run =
        RenderCommandTest.run("lint", "--templates", Project.file("templates").toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEqualTo("0 errors, 0 warnings\n");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void brokenTemplatesExitOneWithFileLineFindings() {
    RenderCommandTest.Run run = RenderCommandTest.run("lint", "--templates", BROKEN);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .contains(BROKEN + "/webserver/ingress.yaml.j2:14: error: spec.ingress.hots is not in")
        .endsWith("3 errors, 2 warnings\n");
  }

  @Test
  void jsonOutputListsTheFindingsForTools() throws Exception {
    RenderCommandTest.Run run = RenderCommandTest.run("lint", "--templates", BROKEN, "-o", "json");

    JsonNode json = new ObjectMapper().readTree(run.out());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(json.path("errors").asInt()).isEqualTo(3);
    assertThat(json.path("findings"))
        .anySatisfy(
            finding -> {
              assertThat(finding.path("file").asText()).endsWith("deployment.yaml.j2");
              assertThat(finding.path("line").asInt()).isEqualTo(11);
              assertThat(finding.path("level").asText()).isEqualTo("error");
            });
  }

  @Test
  void printRbacPrintsTheClusterRoleTheTemplatesNeed() {
    RenderCommandTest.Run run =
        RenderCommandTest.run(
            "lint", "--print-rbac", "--templates", Project.file("templates").toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out())
        .startsWith("apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\n")
        .contains("  - deployments\n", "  - ingresses\n", "  - webservers/finalizers\n");
  }

  @Test
  void printRbacNamesTheRoleAfterTheOperatorAndExitsZeroWhateverDeployGrants() {
    // The broken templates render kinds deploy/'s role does not grant: errors, yet the role prints.
    RenderCommandTest.Run run =
        RenderCommandTest.run(
            "lint", "--print-rbac", "--name", "shop-operator", "--templates", BROKEN);

    assertThat(run.exit()).isZero();
    assertThat(run.out())
        .startsWith(
            "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n"
                + "  name: shop-operator\n");
  }

  @Test
  void printRbacFailsWhenThereIsNoWatchesFileToReadTheKindsFrom() {
    RenderCommandTest.Run run =
        RenderCommandTest.run("lint", "--print-rbac", "--templates", "no-such-folder");

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("no-such-folder/watches.yaml: error: ");
  }

  @Test
  void missingTemplatesFolderIsAFinding() {
    RenderCommandTest.Run run = RenderCommandTest.run("lint", "--templates", "no-such-folder");

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .contains("no-such-folder/watches.yaml: error: ")
        .contains("does not exist");
  }

  @Test
  void aDeployFolderThatIsNotThereIsOneNoteThatRbacWasNotChecked(@TempDir Path dir) {
    Path none = dir.resolve("deploy");

    RenderCommandTest.Run run =
        RenderCommandTest.run(
            "lint",
            "--templates",
            Project.file("templates").toString(),
            "--deploy",
            none.toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out())
        .isEqualTo(
            none
                + ": note: RBAC not checked: no such folder; give --deploy the folder of the"
                + " operator's ClusterRole (--print-rbac prints the one the templates need), or"
                + " --no-rbac to skip the check\n"
                + "0 errors, 0 warnings, 1 note\n");
  }

  @Test
  void aDeployFolderWithoutAClusterRoleIsTheSameNote(@TempDir Path dir) throws Exception {
    Files.writeString(
        dir.resolve("sa.yaml"), "apiVersion: v1\nkind: ServiceAccount\nmetadata: {name: op}\n");

    RenderCommandTest.Run run =
        RenderCommandTest.run(
            "lint",
            "--templates",
            Project.file("templates").toString(),
            "--deploy",
            dir.toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out())
        .contains(dir + ": note: RBAC not checked: no ClusterRole in this folder;")
        .endsWith("0 errors, 0 warnings, 1 note\n");
  }

  @Test
  void noRbacSkipsTheCheckOfAClusterRoleThatGrantsNothing() throws Exception {
    Path deploy = Project.file("src/test/resources/io/webserveroperator/cli/lint/grants-nothing");
    String templates = Project.file("templates").toString();

    RenderCommandTest.Run checked =
        RenderCommandTest.run("lint", "--templates", templates, "--deploy", deploy.toString());
    RenderCommandTest.Run skipped =
        RenderCommandTest.run(
            "lint", "--templates", templates, "--deploy", deploy.toString(), "--no-rbac");

    assertThat(checked.exit()).isEqualTo(1);
    assertThat(checked.out())
        .contains("ClusterRole does not grant")
        .endsWith("14 errors, 3 warnings\n");
    assertThat(skipped.exit()).isZero();
    assertThat(skipped.out()).isEqualTo("0 errors, 0 warnings\n");
  }
}
