package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.cli.RenderCommandTest.Run;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.ProjectCopy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schema evolution reviewed before it is applied: {@code diff} against a real API server shows what
 * applying a regenerated CRD would change, and names each change that breaks what the cluster
 * holds.
 */
class DiffCrdIT {

  private static final String SCHEMA =
      """
      spec:
        version: string | required=true example="16"
        replicas: integer | default=1 minimum=1
        mode: string | enum="primary,replica" default="primary"
        backup: string
      status:
        endpoint: string
      """;

  @TempDir Path dir;
  Path project;
  Path kubeconfig;
  String namespace;

  @BeforeEach
  void createAndApplyKind() throws IOException {
    project = ProjectCopy.into(dir.resolve("project"));
    kubeconfig = KubeTestBed.get().withCrds().writeKubeConfig(dir);
    namespace = KubeTestBed.get().newNamespace("diff-crd");
    Path schema = Files.writeString(dir.resolve("schema.yaml"), SCHEMA);
    // A kind of this test's own, so that no other test sees its CRD change.
    Run create = create("--schema", schema.toString());
    assertThat(create.exit()).as(create.err()).isZero();
    new FolderApplier(KubeTestBed.get().client(), Duration.ofSeconds(30))
        .apply(project.resolve("crds"));
  }

  private Run create(String... more) {
    String[] args =
        new String[] {
          "create",
          "api",
          "--group",
          "evolve.example.com",
          "--version",
          "v1",
          "--kind",
          "Evolving",
          "--project",
          project.toString()
        };
    String[] all = new String[args.length + more.length];
    System.arraycopy(args, 0, all, 0, args.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return RenderCommandTest.run(all);
  }

  private Run diff() {
    return RenderCommandTest.run(
        "diff",
        "--live",
        "-n",
        namespace,
        "--kubeconfig",
        kubeconfig.toString(),
        "--templates",
        project.resolve("templates").toString(),
        "--crds",
        project.resolve("crds").toString());
  }

  @Test
  void aCrdAsAppliedShowsNoDifference() {
    Run run = diff();

    assertThat(run.out()).isEmpty();
    assertThat(run.err()).doesNotContain("CustomResourceDefinition");
    assertThat(run.exit()).isZero();
  }

  @Test
  void aRegeneratedCrdShowsItsChangeAndNamesEveryBreakingOne() throws IOException {
    Path schema = project.resolve("templates/evolving/schema.yaml");
    Files.writeString(
        schema,
        Files.readString(schema)
            .replace("  replicas: integer | default=1 minimum=1\n", "  replicas: string\n")
            .replace("enum=\"primary,replica\"", "enum=\"primary\"")
            .replace("  backup: string\n", "  owner: string | required=true\n  note: string\n"));
    assertThat(create().out()).isEqualTo("updated crds/evolve.example.com_evolvings.yaml\n");

    Run run = diff();

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .startsWith(
            "apiextensions.k8s.io/v1 CustomResourceDefinition evolvings.evolve.example.com"
                + " (UPDATE)\n")
        .contains("-                - replica\n", "-                type: integer\n")
        .contains("+              note:\n", "+            - owner\n");
    String prefix = "diff: BREAKING CustomResourceDefinition evolvings.evolve.example.com: v1 ";
    assertThat(run.err())
        .contains(
            prefix + ".spec.replicas: the type changes from integer to string\n",
            prefix
                + ".spec.mode: the enum narrows: [replica] no longer allowed, and stored values may"
                + " hold them\n",
            prefix + ".spec.backup: removed: stored resources lose it, clients that set it fail\n",
            prefix
                + ".spec.owner: is new and required without a default: existing resources lack"
                + " it\n",
            "diff: 4 changes of the CRDs above would break resources the cluster holds");
    assertThat(run.err()).doesNotContain(".spec.note");
  }

  @Test
  void anOptionalFieldAddedChangesTheCrdAndBreaksNothing() throws IOException {
    Path schema = project.resolve("templates/evolving/schema.yaml");
    Files.writeString(
        schema,
        Files.readString(schema)
            .replace("  backup: string\n", "  backup: string\n  note: string\n"));
    create();

    Run run = diff();

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).contains("+              note:\n");
    assertThat(run.err()).doesNotContain("BREAKING");
  }
}
