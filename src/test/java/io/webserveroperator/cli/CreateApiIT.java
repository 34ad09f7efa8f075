package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.cli.RenderCommandTest.Run;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.KubeBinaries;
import io.webserveroperator.kind.ServedResource;
import io.webserveroperator.testing.InProcessOperators;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.ProjectCopy;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kind of one's own from {@code create api} to a running resource on a real API server: created
 * in a copy of the project, linted and tested, its CRD applied (kubectl explain shows the schema's
 * descriptions), run by the operator to Ready=True, and its defaults the same in {@code render}'s
 * output and in the object the API server stores.
 */
class CreateApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final ResourceDefinitionContext MYSQL =
      new ResourceDefinitionContext.Builder()
          .withGroup("db.example.com")
          .withVersion("v1")
          .withKind("Mysql")
          .withPlural("mysql")
          .withNamespaced(true)
          .build();

  private static final String SCHEMA =
      """
      description: A MySQL server of your own.
      spec:
        version: string | required=true pattern="^[0-9]+$" example="16" column=Version description="Major version of MySQL."
        replicas: integer | default=1 minimum=1 maximum=5 scale=replicas column=Desired description="Servers to run."
        storage:
          size: string | default="1Gi" description="Size of each server's volume."
          className: string | description="StorageClass of the volumes."
        ports: '[]integer | default=[5432] description="Ports the servers listen on."'
        mode: string | enum="primary,replica" default="primary" description="What the servers are."
      status:
        readyReplicas: integer | scale=replicas column=Serving description="Servers ready."
        endpoint: string | description="Where clients connect."
      """;

  @TempDir Path dir;
  Path project;
  String namespace;
  KubernetesClient admin;
  InProcessOperators operators;

  @BeforeEach
  void createKind() throws IOException {
    admin = KubeTestBed.get().withCrds().client();
    namespace = KubeTestBed.get().newNamespace("create-api");
    operators = new InProcessOperators();
    project = ProjectCopy.into(dir.resolve("project"));
    Path schema = Files.writeString(dir.resolve("mysql.yaml"), SCHEMA);
    Run create =
        RenderCommandTest.run(
            "create",
            "api",
            "--group",
            "db.example.com",
            "--version",
            "v1",
            "--kind",
            "Mysql",
            "--plural",
            "mysql",
            "--short-name",
            "my",
            "--schema",
            schema.toString(),
            "--project",
            project.toString(),
            "--kubeconfig",
            KubeTestBed.get().writeKubeConfig(dir).toString());
    assertThat(create.exit()).as(create.err()).isZero();
  }

  @AfterEach
  void stopOperators() {
    operators.close();
  }

  @Test
  void aNewKindIsLintedTestedAndReadyOnARealApiServer() throws Exception {
    Run lint = RenderCommandTest.run(ProjectCopy.lintArgs(project).toArray(String[]::new));
    assertThat(lint.out()).isEqualTo("0 errors, 0 warnings\n");
    Run test = RenderCommandTest.run(ProjectCopy.testArgs(project).toArray(String[]::new));
    assertThat(test.out()).doesNotContain("FAIL").contains("mysql/tests/mysql_test.yaml");
    assertThat(test.exit()).isZero();

    new FolderApplier(admin, Duration.ofSeconds(30)).apply(project.resolve("crds"));
    operators
        .on(KubeTestBed.get().writeKubeConfig(dir), project.resolve("templates"), namespace)
        .start();
    Map<String, Object> sample =
        YAML.readValue(project.resolve("samples/db_v1_mysql.yaml").toFile(), Map.class);
    WebServers mysql = new WebServers(admin, namespace, MYSQL);
    @SuppressWarnings("unchecked")
    Map<String, Object> spec = (Map<String, Object>) sample.get("spec");
    mysql.create("db", spec);

    Waits.untilAsserted(
        () ->
            assertThat(mysql.condition("db", "Ready"))
                .hasValueSatisfying(c -> assertThat(c).containsEntry("status", "True")));
    assertThat(mysql.status("db"))
        .containsEntry("readyReplicas", 0)
        .containsEntry("observedGeneration", 1)
        .containsKeys("inventory", "templateRevision", "conditions");
    ConfigMap config = admin.configMaps().inNamespace(namespace).withName("db-config").get();
    assertThat(config.getData()).containsEntry("version", "16").containsEntry("replicas", "1");

    String table = kubectl("get", "my", "-n", namespace);
    assertThat(table)
        .containsPattern(
            "NAME\\s+VERSION\\s+DESIRED\\s+SERVING\\s+READY\\s+REASON\\s+REVISION\\s+AGE")
        .containsPattern("db\\s+16\\s+1\\s+0\\s+True\\s+Ready\\s+[0-9a-f]{10}\\s+");
    kubectl("scale", "mysql", "db", "-n", namespace, "--replicas=3");
    Waits.untilAsserted(
        () ->
            assertThat(
                    admin.configMaps().inNamespace(namespace).withName("db-config").get().getData())
                .containsEntry("replicas", "3"));
  }

  @Test
  void kubectlExplainShowsTheSchemasDescriptions() {
    new FolderApplier(admin, Duration.ofSeconds(30)).apply(project.resolve("crds"));

    assertThat(kubectl("explain", "mysql"))
        .contains("Mysql", "A MySQL server of your own.", "spec", "status");
    assertThat(kubectl("explain", "mysql.spec"))
        .contains(
            "Major version of MySQL.",
            "Servers to run.",
            "What the servers are.",
            "Ports the servers listen on.");
    assertThat(kubectl("explain", "mysql.spec.storage.size"))
        .contains("Size of each server's volume.");
    assertThat(kubectl("explain", "mysql.status"))
        .contains(
            "Servers ready.",
            "conditions",
            "inventory",
            "templateRevision",
            "lastHandledReconcileAt",
            "observedGeneration");
    assertThat(kubectl("explain", "mysql.status.inventory.kept")).contains("resource-policy keep");
  }

  @Test
  void renderSeesTheDefaultsTheApiServerStores() throws Exception {
    new FolderApplier(admin, Duration.ofSeconds(30)).apply(project.resolve("crds"));
    // A template that shows everything it sees of the spec, beside the starter one.
    Files.writeString(
        project.resolve("templates/mysql/seen.yaml.j2"),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ metadata.name }}-seen
        data:
          spec.json: '{{ spec | tojson }}'
        """);
    Path file =
        Files.writeString(
            dir.resolve("db.yaml"),
            "apiVersion: db.example.com/v1\nkind: Mysql\nmetadata:\n  name: db\n  namespace: "
                + namespace
                + "\nspec:\n  version: \"17\"\n  storage: {className: fast}\n");
    operators
        .on(KubeTestBed.get().writeKubeConfig(dir), project.resolve("templates"), namespace)
        .start();

    Run render =
        RenderCommandTest.run(
            "render",
            "-f",
            file.toString(),
            "--templates",
            project.resolve("templates").toString(),
            "--crds",
            project.resolve("crds").toString());
    assertThat(render.exit()).as(render.err()).isZero();
    kubectl("apply", "-f", file.toString());
    GenericKubernetesResource stored =
        admin.genericKubernetesResources(MYSQL).inNamespace(namespace).withName("db").get();

    JsonNode seenByRender = seen(render.out());
    JsonNode storedSpec = JSON.readTree(JSON.writeValueAsString(stored.get("spec")));
    assertThat(seenByRender).isEqualTo(storedSpec);
    assertThat(seenByRender)
        .isEqualTo(
            JSON.readTree(
                "{\"version\":\"17\",\"storage\":{\"className\":\"fast\",\"size\":\"1Gi\"},"
                    + "\"replicas\":1,\"ports\":[5432],\"mode\":\"primary\"}"));
    Waits.untilAsserted(
        () -> {
          ConfigMap seenByOperator =
              admin.configMaps().inNamespace(namespace).withName("db-seen").get();
          assertThat(seenByOperator).isNotNull();
          assertThat(JSON.readTree(seenByOperator.getData().get("spec.json")))
              .isEqualTo(storedSpec);
        });
  }

  @Test
  void builtInResourcesAreWhatTheApiServerServesOfItsOwn() {
    Set<String> crdGroups =
        admin.apiextensions().v1().customResourceDefinitions().list().getItems().stream()
            .map(crd -> crd.getSpec().getGroup())
            .collect(Collectors.toSet());
    List<String> served = new ArrayList<>();
    for (ServedResource resource : ClusterResourceNames.of(admin)) {
      if (!crdGroups.contains(resource.group())) {
        served.add(describe(resource));
      }
    }

    assertThat(ServedResource.builtIn().stream().map(CreateApiIT::describe).toList())
        .containsExactlyInAnyOrderElementsOf(served);
  }

  private static String describe(ServedResource resource) {
    return resource.fullName() + " " + resource.kind() + " " + resource.shortNames();
  }

  /** The spec the {@code -seen} ConfigMap of a render shows. */
  private static JsonNode seen(String rendered) throws IOException {
    for (JsonNode document :
        YAML.readerFor(JsonNode.class).<JsonNode>readValues(rendered).readAll()) {
      if (document instanceof ObjectNode object
          && object.at("/metadata/name").asText().endsWith("-seen")) {
        return JSON.readTree(object.at("/data/spec.json").asText());
      }
    }
    throw new AssertionError("render shows no -seen ConfigMap:\n" + rendered);
  }

  private String kubectl(String... args) {
    List<String> command = new ArrayList<>();
    command.add(KubeBinaries.forBuildVersion().kubectl().toString());
    command.add("--kubeconfig=" + KubeTestBed.get().writeKubeConfig(dir));
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).as("kubectl %s: %s", args, output).isZero();
      return output;
    } catch (IOException e) {
      throw new AssertionError(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
