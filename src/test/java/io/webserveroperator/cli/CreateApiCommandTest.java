package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.cli.RenderCommandTest.Run;
import io.webserveroperator.testing.ProjectCopy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code create api} in a copy of the project: what it writes, that lint and test pass right after
 * it, that a second run regenerates the CRD alone, and that bad input writes nothing. CreateApiIT
 * runs the new kind on a real API server.
 */
class CreateApiCommandTest {

  @TempDir Path dir;
  Path project;

  @BeforeEach
  void copyProject() {
    project = ProjectCopy.into(dir.resolve("project"));
  }

  private Run create(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "create",
                "api",
                "--group",
                "db.example.com",
                "--version",
                "v1",
                "--kind",
                "Mysql",
                "--project",
                project.toString()));
    args.addAll(List.of(more));
    return RenderCommandTest.run(args.toArray(String[]::new));
  }

  private Run run(List<String> args) {
    return RenderCommandTest.run(args.toArray(String[]::new));
  }

  @Test
  void writesEveryFileAKindNeedsAndLintAndTestPassRightAfter() {
    Run run = create("--plural", "mysql", "--short-name", "my");

    assertThat(run.err()).isEmpty();
    assertThat(run.exit()).isZero();
    assertThat(run.out())
        .contains(
            "created templates/mysql/schema.yaml\n",
            "created crds/db.example.com_mysql.yaml\n",
            "created templates/mysql/configmap.yaml.j2\n",
            "created templates/mysql/_status.yaml.j2\n",
            "created templates/mysql/tests/mysql_test.yaml\n",
            "created samples/db_v1_mysql.yaml\n",
            "updated templates/watches.yaml\n",
            "updated templates/kustomization.yaml\n",
            "updated deploy/clusterrole.yaml\n",
            "updated deploy-sharded/shard-clusterrole.yaml\n");
    assertThat(project.resolve("templates/watches.yaml"))
        .content()
        .endsWith(
            "- group: db.example.com\n  version: v1\n  kind: Mysql\n  templates: mysql\n"
                + "  status: mysql/_status.yaml.j2\n");
    assertThat(project.resolve("templates/kustomization.yaml"))
        .content()
        .contains(
            "  - mysql__configmap.yaml.j2=mysql/configmap.yaml.j2\n"
                + "  - mysql___status.yaml.j2=mysql/_status.yaml.j2\n")
        .doesNotContain("mysql/schema.yaml", "mysql/tests");
    assertThat(project.resolve("deploy/clusterrole.yaml"))
        .content()
        .contains("- apiGroups: [db.example.com]\n  resources: [mysql/status]\n  verbs: [patch]\n");
    assertThat(project.resolve("deploy-sharded/shard-clusterrole.yaml"))
        .content()
        .endsWith("- apiGroups: [db.example.com]\n  resources: [mysql]\n  verbs: [patch]\n");

    Run lint = run(ProjectCopy.lintArgs(project));
    assertThat(lint.out()).isEqualTo("0 errors, 0 warnings\n");
    assertThat(lint.exit()).isZero();
    Run test = run(ProjectCopy.testArgs(project));
    assertThat(test.out())
        .contains("PASS  mysql/tests/mysql_test.yaml > renders the starter ConfigMap")
        .contains(
            "PASS  mysql/tests/mysql_test.yaml > sees the CRD's default for message, as the"
                + " API server stores it")
        .doesNotContain("FAIL");
    assertThat(test.exit()).isZero();
  }

  @Test
  void aSchemaOfTheUsersOwnGivesASampleAndATestThatPass() throws IOException {
    Path schema = dir.resolve("mysql.yaml");
    Files.writeString(
        schema,
        """
        spec:
          version: string | required=true pattern="^[0-9]+$" example="16" description="Major version."
          replicas: integer | default=1 minimum=1 maximum=5 scale=replicas column=Desired
          storage:
            size: string | default="1Gi"
          mode: string | enum="primary,replica" required=true
        status:
          readyReplicas: integer | scale=replicas column=Ready-Replicas
          endpoint: string
        """);

    Run run = create("--schema", schema.toString(), "--plural", "mysql");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(project.resolve("samples/db_v1_mysql.yaml"))
        .content()
        .contains("spec:\n  version: \"16\"\n  mode: primary\n");
    assertThat(project.resolve("templates/mysql/schema.yaml"))
        .content()
        .contains("apiVersion: v1\nkind: Mysql\ngroup: db.example.com\nplural: mysql\nspec:\n");
    assertThat(project.resolve("templates/mysql/_status.yaml.j2"))
        .content()
        .endsWith("readyReplicas: 0\nendpoint: \"\"\n");
    Run test = run(ProjectCopy.testArgs(project));
    assertThat(test.out())
        .contains(
            "PASS  mysql/tests/mysql_test.yaml > refuses a Mysql without version, as the"
                + " API server does")
        .doesNotContain("FAIL");
    assertThat(run(ProjectCopy.lintArgs(project)).out()).startsWith("0 errors");
  }

  @Test
  void runAgainAfterASchemaEditItRegeneratesTheCrdAloneAndLintSaysWhenItWasForgotten()
      throws IOException {
    create("--plural", "mysql");
    Path schema = project.resolve("templates/mysql/schema.yaml");
    Files.writeString(
        schema,
        Files.readString(schema)
            .replace("status:\n", "  size: integer | default=3 minimum=1\nstatus:\n"));
    Files.writeString(
        project.resolve("templates/mysql/configmap.yaml.j2"),
        "# mine\n",
        java.nio.file.StandardOpenOption.APPEND);
    Map<String, String> before = ProjectCopy.files(project);

    Run stale = run(ProjectCopy.lintArgs(project));
    assertThat(stale.out())
        .contains(
            "crds/db.example.com_mysql.yaml:",
            "error: the CRD differs from what "
                + schema
                + " generates (at /spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/size);"
                + " edit the schema, not the CRD, then regenerate it: java -jar"
                + " target/webserver-operator.jar create api --group db.example.com --version v1"
                + " --kind Mysql");
    assertThat(stale.exit()).isEqualTo(1);

    Run again = create();

    assertThat(again.out()).isEqualTo("updated crds/db.example.com_mysql.yaml\n");
    Map<String, String> after = ProjectCopy.files(project);
    assertThat(after).containsOnlyKeys(before.keySet());
    before.forEach(
        (file, text) -> {
          if (!file.equals("crds/db.example.com_mysql.yaml")) {
            assertThat(after.get(file)).as(file).isEqualTo(text);
          }
        });
    assertThat(after.get("crds/db.example.com_mysql.yaml")).contains("size:");
    assertThat(run(ProjectCopy.lintArgs(project)).out())
        .endsWith(
            "warning: spec.size is declared in Mysql's CRD but no template reads it\n"
                + "0 errors, 1 warning\n");
    assertThat(create().out()).isEqualTo("unchanged crds/db.example.com_mysql.yaml\n");
  }

  @Test
  void keepsTemplatesAndTestsThatExist() throws IOException {
    Path folder = Files.createDirectories(project.resolve("templates/mysql/tests"));
    Files.writeString(folder.getParent().resolve("statefulset.yaml.j2"), "mine\n");
    Files.writeString(folder.getParent().resolve("_status.yaml.j2"), "mine\n");
    Files.writeString(folder.resolve("mysql_test.yaml"), "mine\n");

    Run run = create("--plural", "mysql");

    assertThat(run.exit()).isZero();
    assertThat(run.out())
        .contains("kept the templates in templates/mysql; no starter template or test")
        .contains("kept templates/mysql/_status.yaml.j2")
        .contains("kept templates/mysql/tests/mysql_test.yaml");
    assertThat(project.resolve("templates/kustomization.yaml"))
        .content()
        .contains("- mysql__statefulset.yaml.j2=mysql/statefulset.yaml.j2");
    assertThat(folder.getParent().resolve("configmap.yaml.j2")).doesNotExist();
    assertThat(folder.getParent().resolve("statefulset.yaml.j2")).hasContent("mine");
    assertThat(folder.resolve("mysql_test.yaml")).hasContent("mine");
  }

  @Test
  void badFlagsAreErrorsNamingTheFlagAndWriteNothing() {
    Map<String, String> before = ProjectCopy.files(project);

    Run run =
        RenderCommandTest.run(
            "create",
            "api",
            "--group",
            "db",
            "--version",
            "1",
            "--kind",
            "my-db",
            "--short-name",
            "P G",
            "--project",
            project.toString());

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err())
        .contains(
            "create api: --group: 'db' has no dot: a CRD's group must be a domain name, such as"
                + " db.example.com\n",
            "create api: --version: '1' is not a Kubernetes API version such as v1, v1beta1 or"
                + " v2alpha1\n",
            "create api: --kind: 'my-db' is not a valid Kubernetes kind",
            "create api: --short-name: 'P G' is not a valid short name");
    assertThat(ProjectCopy.files(project)).isEqualTo(before);
  }

  @Test
  void anUnknownMarkerOrTypeInTheSchemaIsAnErrorAtItsLineAndWritesNothing() throws IOException {
    Path schema = dir.resolve("mysql.yaml");
    Files.writeString(schema, "spec:\n  version: string | requird=true\n  size: intger\n");
    Map<String, String> before = ProjectCopy.files(project);

    Run run = create("--schema", schema.toString());

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err())
        .contains("create api: " + schema + ":2: spec.version: unknown marker 'requird'")
        .contains(schema + ":3: spec.size: unknown type 'intger' (did you mean integer?)");
    assertThat(ProjectCopy.files(project)).isEqualTo(before);
  }

  @Test
  void aPluralOrShortNameThatIsServedAlreadyIsRefused() {
    Map<String, String> before = ProjectCopy.files(project);

    Run builtIn = create("--plural", "services");
    Run crd = create("--plural", "mysql", "--short-name", "ws");
    Run shipped = create("--plural", "postgres");

    assertThat(builtIn.exit()).isEqualTo(1);
    assertThat(builtIn.err())
        .contains(
            "create api: the plural 'services' is taken: Service (services, served by Kubernetes"
                + " itself) answers to it, so kubectl get services could not tell them apart;"
                + " choose another with --plural");
    assertThat(crd.err())
        .contains(
            "the short name 'ws' is taken: WebServer (webservers.webapp.example.com, served by"
                + " crds/webapp.example.com_webservers.yaml)");
    assertThat(shipped.err())
        .contains(
            "the plural 'postgres' is taken: Postgres (postgres.db.example.com, served by"
                + " crds/db.example.com_postgres.yaml)");
    assertThat(ProjectCopy.files(project)).isEqualTo(before);
  }

  @Test
  void neverReplacesAHandWrittenCrd() {
    Map<String, String> before = ProjectCopy.files(project);

    Run run =
        RenderCommandTest.run(
            "create",
            "api",
            "--group",
            "webapp.example.com",
            "--version",
            "v1",
            "--kind",
            "WebServer",
            "--project",
            project.toString());

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err())
        .contains(
            "create api: crds/webapp.example.com_webservers.yaml exists and create api did not"
                + " write it");
    assertThat(ProjectCopy.files(project)).isEqualTo(before);
  }
}
