package io.webserveroperator.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.testing.Helm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What each value of the chart does to what {@code helm template} renders, what its schema refuses,
 * and that {@code helm lint --strict} finds nothing; the real helm, no cluster.
 */
class ChartValuesIT {

  static final String CHART = "charts/webserver-operator";
  static final YAMLMapper YAML = new YAMLMapper();

  @TempDir Path temp;
  Helm helm;

  @BeforeEach
  void setUp() {
    helm = Helm.in(temp.resolve("helm"), null);
  }

  @Test
  void helmLintStrictFindsNothing() {
    Helm.Result lint = helm.run("lint", "--strict", CHART);

    assertThat(lint.exit()).as(lint.out() + lint.err()).isZero();
    assertThat(lint.out()).contains("1 chart(s) linted, 0 chart(s) failed");
    assertThat(lint.out() + lint.err()).doesNotContain("[WARNING]", "[ERROR]");
  }

  @Test
  void anotherNameIsPassedAsTheFlagAndNamesEveryObjectAndTheLease() throws IOException {
    List<JsonNode> objects = render("--set", "name=shop-operator");

    assertThat(args(objects)).contains("--name=shop-operator");
    assertThat(objects)
        .filteredOn(o -> !o.path("kind").asText().equals("CustomResourceDefinition"))
        .extracting(o -> o.at("/metadata/name").asText())
        .allMatch(name -> name.startsWith("shop-operator"));
    JsonNode role = only(objects, "Role", "shop-operator-leader-election");
    assertThat(role.at("/rules/1/resourceNames/0").asText()).isEqualTo("shop-operator");
    assertThat(
            only(objects, "Deployment", "shop-operator")
                .at("/spec/template/spec/serviceAccountName")
                .asText())
        .isEqualTo("shop-operator");
  }

  @Test
  void watchedNamespacesGetARoleEachInsteadOfAClusterRole() throws IOException {
    List<JsonNode> objects =
        render("--set", "watchNamespaces={shop,blog},sharding.enabled=true,replicas=3");

    assertThat(args(objects)).contains("--namespace=shop,blog", "--shards=auto");
    assertThat(objects)
        .extracting(o -> o.path("kind").asText())
        .doesNotContain("ClusterRole", "ClusterRoleBinding");
    for (String namespace : List.of("shop", "blog")) {
      JsonNode role = only(objects, "Role", "webserver-operator", namespace);
      assertThat(role.path("rules").toString())
          .contains("webservers/status", "deployments", "events")
          .as("the shard label's patch, with sharding")
          .contains(
              "{\"apiGroups\":[\"webapp.example.com\"],\"resources\":[\"webservers\"],\"verbs\":[\"patch\"]}");
      assertThat(
              only(objects, "RoleBinding", "webserver-operator", namespace)
                  .at("/subjects/0/namespace")
                  .asText())
          .isEqualTo("webserver-operator-system");
    }
  }

  @Test
  void templateFilesAddToReplaceAndLeaveOutBundledOnes() throws IOException {
    Path values = temp.resolve("values.yaml");
    Files.writeString(
        values,
        """
        templates:
          files:
            webserver/pdb.yaml.j2: "kind: PodDisruptionBudget"
            webserver/service.yaml.j2: "kind: Service # mine"
            webserver/ingress.yaml.j2: null
        """);

    JsonNode data =
        only(render("-f", values.toString()), "ConfigMap", "webserver-operator-templates")
            .path("data");

    assertThat(data.path("webserver__pdb.yaml.j2").asText()).isEqualTo("kind: PodDisruptionBudget");
    assertThat(data.path("webserver__service.yaml.j2").asText()).isEqualTo("kind: Service # mine");
    assertThat(data.has("webserver__ingress.yaml.j2")).isFalse();
    assertThat(data.path("webserver__deployment.yaml.j2").asText()).contains("{{ spec.replicas }}");
    assertThat(data.path("watches.yaml").asText()).contains("kind: WebServer");
  }

  @Test
  void gitSyncChecksTheTemplatesOutBesideTheOperatorInsteadOfAConfigMap() throws IOException {
    List<JsonNode> objects =
        render(
            "--set",
            "gitSync.enabled=true,gitSync.repository=https://git.example.com/ops.git,"
                + "gitSync.branch=prod,gitSync.path=kinds/templates,gitSync.credentialsSecret=git-token");

    assertThat(objects).extracting(o -> o.path("kind").asText()).doesNotContain("ConfigMap");
    assertThat(args(objects)).endsWith("--templates", "/git/current/kinds/templates");
    JsonNode pod = only(objects, "Deployment", "webserver-operator").at("/spec/template/spec");
    assertThat(pod.at("/initContainers/0/name").asText()).isEqualTo("git-sync-init");
    assertThat(pod.at("/initContainers/0/env").toString())
        .contains("{\"name\":\"GITSYNC_ONE_TIME\",\"value\":\"true\"}");
    assertThat(pod.path("containers")).hasSize(2);
    assertThat(pod.at("/containers/1/name").asText()).isEqualTo("git-sync");
    String env = pod.at("/containers/1/env").toString();
    assertThat(env)
        .contains("{\"name\":\"GITSYNC_REPO\",\"value\":\"https://git.example.com/ops.git\"}")
        .contains("{\"name\":\"GITSYNC_REF\",\"value\":\"prod\"}")
        .contains("{\"name\":\"GITSYNC_ROOT\",\"value\":\"/git\"}")
        .contains("{\"name\":\"GITSYNC_LINK\",\"value\":\"current\"}")
        .contains("\"secretKeyRef\":{\"name\":\"git-token\",\"key\":\"password\"}")
        .doesNotContain("GITSYNC_ONE_TIME");
    assertThat(pod.at("/containers/0/volumeMounts/0").toString())
        .isEqualTo("{\"name\":\"git\",\"mountPath\":\"/git\",\"readOnly\":true}");
    assertThat(pod.at("/securityContext/fsGroup").asInt()).isEqualTo(65533);

    JsonNode ssh =
        only(
                render(
                    "--set",
                    "gitSync.enabled=true,gitSync.repository=git@git.example.com:ops.git,"
                        + "gitSync.credentialsSecret=git-key,gitSync.credentialsType=ssh"),
                "Deployment",
                "webserver-operator")
            .at("/spec/template/spec");
    assertThat(ssh.path("volumes").toString())
        .contains(
            "{\"name\":\"git-secret\",\"secret\":{\"secretName\":\"git-key\",\"defaultMode\":288}}");
    assertThat(ssh.at("/containers/1/env").toString())
        .contains("{\"name\":\"GITSYNC_SSH_KEY_FILE\",\"value\":\"/etc/git-secret/ssh\"}")
        .doesNotContain("GITSYNC_PASSWORD");
  }

  @Test
  void anExistingConfigMapIsMountedAndNoneIsMade() throws IOException {
    List<JsonNode> objects = render("--set", "templates.existingConfigMap=my-templates");

    assertThat(objects).extracting(o -> o.path("kind").asText()).doesNotContain("ConfigMap");
    assertThat(
            only(objects, "Deployment", "webserver-operator")
                .at("/spec/template/spec/volumes/0/configMap/name")
                .asText())
        .isEqualTo("my-templates");
  }

  @Test
  void logLevelMonitoringAndCrdPolicyAreOptional() throws IOException {
    List<JsonNode> objects =
        render(
            "--set",
            "logLevel=DEBUG,serviceMonitor.enabled=true,crds.keep=false,leaderElection.leaseDuration=30s");

    JsonNode container =
        only(objects, "Deployment", "webserver-operator").at("/spec/template/spec/containers/0");
    assertThat(container.path("env").toString())
        .contains("{\"name\":\"WSO_LOG_LEVEL\",\"value\":\"DEBUG\"}");
    assertThat(args(objects)).contains("--lease-duration=30s");
    assertThat(
            only(objects, "ServiceMonitor", "webserver-operator")
                .at("/spec/endpoints/0/path")
                .asText())
        .isEqualTo("/metrics");
    assertThat(
            only(objects, "Service", "webserver-operator-metrics").at("/spec/ports/0/port").asInt())
        .isEqualTo(8080);
    assertThat(
            only(objects, "CustomResourceDefinition", "webservers.webapp.example.com")
                .at("/metadata/annotations")
                .isMissingNode())
        .as("no resource-policy without crds.keep")
        .isTrue();
    assertThat(render("--set", "crds.install=false"))
        .extracting(o -> o.path("kind").asText())
        .doesNotContain("CustomResourceDefinition");
  }

  @Test
  void theSchemaAndTheChartRefuseWhatCannotRun() {
    assertThat(refused("--set", "name=Shop")).contains("/name").contains("does not match pattern");
    assertThat(refused("--set", "leaderElection.retryPeriod=2 seconds"))
        .contains("/leaderElection/retryPeriod");
    assertThat(refused("--set", "replica=3"))
        .contains("additional properties 'replica' not allowed");
    assertThat(refused("--set", "leaderElection.enabled=false"))
        .contains("replicas > 1 needs leaderElection.enabled or sharding.enabled");
    assertThat(refused("--set", "templates.bundled=false")).contains("templates: no watches.yaml");
    assertThat(refused("--set", "gitSync.enabled=true"))
        .contains("gitSync.repository is required with gitSync.enabled");
    assertThat(refused("--set", "gitSync.enabled=true,gitSync.repository=r,gitSync.path=../etc"))
        .contains("/gitSync/path");
  }

  private String refused(String... args) {
    List<String> all = new ArrayList<>(List.of("template", "webserver-operator", CHART));
    all.addAll(List.of(args));
    Helm.Result result = helm.run(all.toArray(String[]::new));
    assertThat(result.exit()).as("helm template %s", String.join(" ", args)).isNotZero();
    return result.err();
  }

  private List<JsonNode> render(String... args) throws IOException {
    List<String> all =
        new ArrayList<>(
            List.of("template", "webserver-operator", CHART, "-n", "webserver-operator-system"));
    all.addAll(List.of(args));
    List<JsonNode> objects = new ArrayList<>();
    try (MappingIterator<JsonNode> documents =
        YAML.readerFor(JsonNode.class).readValues(helm.ok(all.toArray(String[]::new)))) {
      while (documents.hasNextValue()) {
        JsonNode document = documents.nextValue();
        if (document != null && document.isObject()) {
          objects.add(document);
        }
      }
    }
    return objects;
  }

  private static List<String> args(List<JsonNode> objects) {
    List<String> args = new ArrayList<>();
    only(objects, "Deployment", null)
        .at("/spec/template/spec/containers/0/args")
        .forEach(a -> args.add(a.asText()));
    return args;
  }

  private static JsonNode only(List<JsonNode> objects, String kind, String name) {
    return only(objects, kind, name, null);
  }

  private static JsonNode only(List<JsonNode> objects, String kind, String name, String namespace) {
    List<JsonNode> found =
        objects.stream()
            .filter(o -> o.path("kind").asText().equals(kind))
            .filter(o -> name == null || o.at("/metadata/name").asText().equals(name))
            .filter(
                o -> namespace == null || o.at("/metadata/namespace").asText().equals(namespace))
            .toList();
    assertThat(found).as("%s %s/%s", kind, namespace, name).hasSize(1);
    return found.get(0);
  }
}
