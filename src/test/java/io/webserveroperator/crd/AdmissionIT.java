package io.webserveroperator.crd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.KubeBinaries;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.Project;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Admission} against a real API server: a resource it admits is stored with exactly the spec
 * it made, and one it refuses the API server refuses, for the reasons it names.
 */
class AdmissionIT {

  private static final Path CRDS = Project.file("src/test/resources/io/webserveroperator/crd");
  private static final ObjectMapper JSON = new ObjectMapper();

  static KubernetesClient client;
  static Admission admission;
  String namespace;

  @BeforeAll
  static void installCrd() {
    client = KubeTestBed.get().client();
    new FolderApplier(client, Duration.ofSeconds(30)).apply(CRDS);
    admission = Admission.of(CrdFolder.read(CRDS));
  }

  @BeforeEach
  void createNamespace() {
    namespace = KubeTestBed.get().newNamespace("admission");
  }

  @Test
  void storesExactlyTheSpecAdmissionMakes() throws Exception {
    List<Map<String, Object>> specs =
        List.of(
            map("version", "16"),
            map("version", "16", "storage", map("keep", true), "zone", "eu-1"),
            map("version", "1", "replicas", null, "note", null, "name", null),
            map(
                "version",
                "v2",
                "ports",
                List.of(map("port", 80), map("port", 81, "protocol", "UDP"))),
            map(
                "version",
                "3",
                "labels",
                map("a", "b"),
                "port",
                "http",
                "extra",
                map("x", List.of(1))),
            map("version", "4", "tier", "large", "ratio", 0.5, "tags", List.of("a", "b")));
    int i = 0;
    for (Map<String, Object> spec : specs) {
      String name = "shop-" + i++;
      Map<String, Object> admitted = admission.admit(shop(name, spec));
      GenericKubernetesResource stored =
          client
              .genericKubernetesResources("test.example.com/v1", "Shop")
              .inNamespace(namespace)
              .resource(JSON.convertValue(shop(name, spec), GenericKubernetesResource.class))
              .create();

      assertThat(tree(stored.getAdditionalProperties().get("spec")))
          .as("the spec stored for %s", spec)
          .isEqualTo(tree(admitted.get("spec")));
    }
  }

  @Test
  void refusesWhatTheApiServerRefusesForTheSameReasons() {
    List<Map<String, Object>> specs =
        List.of(
            map("replicas", 2),
            map("version", "beta"),
            map("version", "1", "code", "\u0661\u0662\u0663"),
            map("version", "1", "zone", "l:-d"),
            map("version", "1", "replicas", 0, "tier", "huge", "name", "a"),
            map("version", "1", "ratio", 0, "tags", List.of("a", "a", "b")),
            map("version", "1", "labels", map("app", 3), "port", true));
    int i = 0;
    for (Map<String, Object> spec : specs) {
      Map<String, Object> shop = shop("bad-" + i++, spec);
      AdmissionException ours =
          catchThrowableOfType(AdmissionException.class, () -> admission.admit(shop));
      KubernetesClientException theirs =
          catchThrowableOfType(
              KubernetesClientException.class,
              () ->
                  client
                      .genericKubernetesResources("test.example.com/v1", "Shop")
                      .inNamespace(namespace)
                      .resource(JSON.convertValue(shop, GenericKubernetesResource.class))
                      .create());

      assertThat(ours).as("admission of %s", spec).isNotNull();
      assertThat(theirs).as("the API server's answer to %s", spec).isNotNull();
      for (FieldError error : ours.errors()) {
        assertThat(theirs.getMessage()).as("for %s", spec).contains(error.toString());
      }
    }
  }

  @Test
  void refusesAnUnknownFieldAsKubectlDoes(@TempDir Path dir) throws Exception {
    Map<String, Object> shop = shop("unknown", map("version", "1", "colour", "red"));
    Path file = Files.writeString(dir.resolve("shop.json"), JSON.writeValueAsString(shop));
    Path kubeconfig = KubeTestBed.get().writeKubeConfig(dir);

    AdmissionException ours =
        catchThrowableOfType(AdmissionException.class, () -> admission.admit(shop));
    Process kubectl =
        new ProcessBuilder(
                KubeBinaries.forBuildVersion().kubectl().toString(),
                "--kubeconfig=" + kubeconfig,
                "create",
                "-f",
                file.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(kubectl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(kubectl.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(ours.errors()).extracting(FieldError::path).containsExactly("spec.colour");
    assertThat(kubectl.exitValue()).isNotZero();
    assertThat(output).contains("unknown field \"spec.colour\"");
  }

  private Map<String, Object> shop(String name, Map<String, Object> spec) {
    Map<String, Object> shop = new LinkedHashMap<>();
    shop.put("apiVersion", "test.example.com/v1");
    shop.put("kind", "Shop");
    shop.put("metadata", map("name", name, "namespace", namespace));
    shop.put("spec", spec);
    return shop;
  }

  /** As JSON reads it, so that a file's numbers compare with the API server's. */
  private static JsonNode tree(Object value) throws Exception {
    return JSON.readTree(JSON.writeValueAsString(value));
  }

  private static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      Object value = keysAndValues[i + 1];
      map.put((String) keysAndValues[i], value instanceof List<?> l ? new ArrayList<>(l) : value);
    }
    return map;
  }
}
