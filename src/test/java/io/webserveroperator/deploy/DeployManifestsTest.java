package io.webserveroperator.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.webserveroperator.templatetest.TemplateTestRunner;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplatesConfigMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The kustomize files agree with each other and with {@code templates/}: every template is in the
 * ConfigMap, and the Deployment mounts every key.
 */
class DeployManifestsTest {

  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @Test
  void everyConfigMapKeyIsItsPathWithSlashesAsDoubleUnderscores() throws IOException {
    assertThat(TemplatesConfigMap.entries())
        .isNotEmpty()
        .allSatisfy(
            (key, path) -> {
              assertThat(key).matches("[-._a-zA-Z0-9]+");
              assertThat(key).isEqualTo(path.replace("/", "__"));
            });
  }

  @Test
  void deploymentMountsEveryKeyWithoutAnItemsList() throws IOException {
    // The engine reads flattened keys itself; an items list would hide any key it leaves out.
    assertThat(templatesVolume().path("configMap").has("items")).isFalse();
    assertThat(templatesVolume().at("/configMap/name").asText())
        .isEqualTo("webserver-operator-templates");
  }

  @Test
  void everyTemplateFileIsInTheConfigMap() throws IOException {
    Path templates = Project.file("templates");
    assumeTrue(
        Files.exists(templates.resolve("watches.yaml")), "templates/ is not in this checkout");
    try (Stream<Path> files = Files.walk(templates)) {
      var relative =
          files
              .filter(Files::isRegularFile)
              .map(f -> templates.relativize(f).toString().replace('\\', '/'))
              .filter(f -> !f.equals("kustomization.yaml"))
              // Template tests run from a checkout (the test command); the operator never reads
              // them.
              .filter(f -> !f.matches("[^/]+/" + TemplateTestRunner.TESTS + "/.*"))
              // A kind's simple schema is the source of its CRD (create api, lint); the operator
              // never reads it.
              .filter(f -> !f.matches("[^/]+/schema\\.yaml"))
              .sorted()
              .toList();
      assertThat(TemplatesConfigMap.entries().values())
          .containsExactlyInAnyOrderElementsOf(relative);
    }
  }

  @Test
  void operatorRunsWithLeaderElectionAndTheMountedTemplates() throws IOException {
    JsonNode container = deployment().at("/spec/template/spec/containers/0");
    assertThat(deployment().at("/spec/replicas").asInt()).isEqualTo(2);
    assertThat(YAML.convertValue(container.path("args"), String[].class))
        .containsExactly(
            "run", "--leader-elect", "--lease-retry-period=500ms", "--templates", "/templates");
    assertThat(container.path("volumeMounts").findValuesAsText("mountPath")).contains("/templates");
    assertThat(container.at("/readinessProbe/httpGet/path").asText()).isEqualTo("/readyz");
    assertThat(container.at("/livenessProbe/httpGet/path").asText()).isEqualTo("/healthz");
  }

  @Test
  void podMeetsTheRestrictedSecurityStandard() throws IOException {
    JsonNode pod = deployment().at("/spec/template/spec");
    JsonNode container = pod.at("/containers/0/securityContext");
    assertThat(pod.at("/securityContext/runAsNonRoot").asBoolean()).isTrue();
    assertThat(pod.at("/securityContext/seccompProfile/type").asText()).isEqualTo("RuntimeDefault");
    assertThat(container.at("/allowPrivilegeEscalation").asBoolean(true)).isFalse();
    assertThat(container.at("/readOnlyRootFilesystem").asBoolean()).isTrue();
    assertThat(YAML.convertValue(container.at("/capabilities/drop"), String[].class))
        .containsExactly("ALL");
  }

  private static JsonNode templatesVolume() throws IOException {
    for (JsonNode volume : deployment().at("/spec/template/spec/volumes")) {
      if ("templates".equals(volume.path("name").asText())) {
        return volume;
      }
    }
    throw new AssertionError("deploy/deployment.yaml has no volume named templates.");
  }

  private static JsonNode deployment() throws IOException {
    return YAML.readTree(Project.file("deploy/deployment.yaml").toFile());
  }
}
