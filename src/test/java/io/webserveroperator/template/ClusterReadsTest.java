package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.manifest.GeneratedField;
import io.webserveroperator.manifest.RenderedObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Templates that read the cluster: {@code children} in every template, {@code lookup} with Helm's
 * signature limited to what watches.yaml declares, looked-up values held to the rules of spec
 * values, Secrets' values never quoted, and {@code generated_secret} only in a Secret's values.
 */
class ClusterReadsTest {

  private static final String LOOKUPS =
      "  lookups:\n"
          + "  - {apiVersion: v1, kind: ConfigMap, namespaces: [platform]}\n"
          + "  - {apiVersion: v1, kind: ConfigMap}\n"
          + "  - {apiVersion: v1, kind: Secret, namespaces: [vault]}\n"
          + "  - {apiVersion: storage.k8s.io/v1, kind: StorageClass}\n";

  private static final Map<String, Object> DEFAULTS =
      object(
          "v1",
          "ConfigMap",
          "platform",
          "defaults",
          Map.of("tier", "db"),
          Map.of("data", Map.of("region", "eu-west-1", "port", "8080", "motd", "hi\nthere")));

  private static final Map<String, Object> OTHER =
      object(
          "v1",
          "ConfigMap",
          "platform",
          "other",
          Map.of("tier", "web"),
          Map.of("data", Map.of("region", "us-east-1")));

  private static final Map<String, Object> OWN =
      object("v1", "ConfigMap", "ns", "own", Map.of(), Map.of("data", Map.of("k", "v")));

  private static final Map<String, Object> CREDENTIALS =
      object(
          "v1",
          "Secret",
          "vault",
          "db",
          Map.of(),
          Map.of(
              "data",
              Map.of(
                  "password",
                  Base64.getEncoder()
                      .encodeToString("s3cret-value".getBytes(StandardCharsets.UTF_8)))));

  private static final GivenObjects CLUSTER =
      new GivenObjects(
          List.of(DEFAULTS, OTHER, OWN, CREDENTIALS),
          List.of(
              object(
                  "v1",
                  "Service",
                  "ns",
                  "web-service",
                  Map.of(),
                  Map.of("spec", Map.of("clusterIP", "10.0.0.7")))));

  @TempDir Path dir;

  @Test
  void aLookupByNameReturnsTheObjectAndItsStringsStayStrings() throws IOException {
    Map<String, Object> data =
        data(
            render(
                "data:\n"
                    + "  region: {{ lookup('v1', 'ConfigMap', 'platform', 'defaults').data.region }}\n"
                    + "  port: {{ lookup('v1', 'ConfigMap', 'platform', 'defaults').data.port }}\n"
                    + "  missing: '{{ lookup('v1', 'ConfigMap', 'platform', 'nope') | length }}'\n",
                CLUSTER));

    assertThat(data)
        .containsEntry("region", "eu-west-1")
        .containsEntry("port", "8080")
        .containsEntry("missing", "0");
  }

  @Test
  void anEmptyNameListsAndASelectorNarrowsTheList() throws IOException {
    Map<String, Object> data =
        data(
            render(
                "data:\n"
                    + "  all: '{{ lookup('v1', 'ConfigMap', 'platform', '')['items']"
                    + " | map(attribute='metadata.name') | join(',') }}'\n"
                    + "  db: '{{ lookup('v1', 'ConfigMap', 'platform', '', selector={'tier': 'db'})"
                    + "['items'] | map(attribute='metadata.name') | join(',') }}'\n",
                CLUSTER));

    assertThat(data).containsEntry("all", "defaults,other").containsEntry("db", "defaults");
  }

  @Test
  void anEmptyNamespaceIsTheResourcesOwnAndAClusterScopedKindHasNone() throws IOException {
    Map<String, Object> data =
        data(
            render(
                "data:\n"
                    + "  own: {{ lookup('v1', 'ConfigMap', '', 'own').data.k }}\n"
                    + "  classes: '{{ lookup('storage.k8s.io/v1', 'StorageClass', '', '')['items']"
                    + " | length }}'\n",
                CLUSTER));

    assertThat(data).containsEntry("own", "v").containsEntry("classes", "0");
  }

  @Test
  void aLookupNotDeclaredFailsNamingTheEntryToAdd() throws IOException {
    assertThatThrownBy(
            () ->
                render(
                    "data:\n" + "  x: '{{ lookup('v1', 'Secret', 'platform', 'db') }}'\n", CLUSTER))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("test/configmap.yaml.j2:7")
        .hasMessageContaining(
            "add {apiVersion: v1, kind: Secret, namespaces: [platform]} under lookups:");
  }

  @Test
  void aMalformedSelectorOrAWrongCallFailsAtItsLine() throws IOException {
    assertThatThrownBy(
            () ->
                render(
                    "data:\n"
                        + "  x: '{{ lookup('v1', 'ConfigMap', 'platform', '',"
                        + " selector={'tier': 'a b'}) }}'\n",
                    CLUSTER))
        .hasMessageContaining("configmap.yaml.j2:7")
        .hasMessageContaining("'a b' is not a label value");
    assertThatThrownBy(
            () -> render("data:\n  x: '{{ lookup('v1', 'ConfigMap', 'platform') }}'\n", CLUSTER))
        .hasMessageContaining("lookup() takes 4 arguments, not 3");
  }

  @Test
  void aLookedUpValueWithALineBreakStaysOutOfALineOfText() throws IOException {
    assertThatThrownBy(
            () ->
                render(
                    "data:\n"
                        + "  motd.conf: |\n"
                        + "    motd {{ lookup('v1', 'ConfigMap', 'platform', 'defaults').data.motd"
                        + " }}\n",
                    CLUSTER))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("lookup('v1', 'ConfigMap', 'platform', 'defaults').data.motd");
  }

  @Test
  void aSecretsValueReadByLookupIsReportedForMaskingAndNeverQuoted() throws IOException {
    Rendered rendered =
        renderAll(
            "data:\n"
                + "  url: 'postgres://app:{{ lookup('v1', 'Secret', 'vault', 'db').data.password"
                + " | b64decode }}@db'\n",
            CLUSTER);

    Map<String, Object> data = data(rendered.objects());
    assertThat(data).containsEntry("url", "postgres://app:s3cret-value@db");
    assertThat(rendered.secrets().mask((Object) data).toString())
        .doesNotContain("s3cret-value")
        .contains("postgres://app:***@db");
    assertThatThrownBy(
            () ->
                render(
                    "data:\n"
                        + "  a.conf: |\n"
                        + "    pw {{ (lookup('v1', 'Secret', 'vault', 'db').data.password"
                        + " | b64decode) ~ '\\n' }}x\n",
                    CLUSTER))
        .isInstanceOf(RenderException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("s3cret"));
  }

  @Test
  void childrenAreReadInEveryTemplateAndAMissingOneIsUndefined() throws IOException {
    String template =
        "data:\n"
            + "  ip: '{{ children.Service['web-service'].spec.clusterIP"
            + " if children.Service['web-service'] is defined else 'none' }}'\n"
            + "  deployment: '{{ children.Deployment['web'] is defined }}'\n";

    assertThat(data(render(template, CLUSTER)))
        .containsEntry("ip", "10.0.0.7")
        .containsEntry("deployment", "False");
    assertThat(data(render(template, ClusterReads.NONE))).containsEntry("ip", "none");
  }

  @Test
  void generatedSecretRendersAPlaceholderInASecretsValues() throws IOException {
    List<RenderedObject> objects =
        renderSecret(
            "stringData:\n"
                + "  password: {{ generated_secret(32) }}\n"
                + "data:\n"
                + "  key: {{ generated_secret(8) }}\n");

    RenderedObject secret = objects.get(0);
    assertThat(secret.generated())
        .extracting(field -> field.pointer().text(), GeneratedField::length)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("/stringData/password", 32),
            org.assertj.core.groups.Tuple.tuple("/data/key", 8));
    assertThat(secret.body().get("stringData"))
        .isEqualTo(Map.of("password", GeneratedField.PLACEHOLDER));
    assertThat(secret.body().get("data"))
        .isEqualTo(
            Map.of(
                "key",
                Base64.getEncoder()
                    .encodeToString(GeneratedField.PLACEHOLDER.getBytes(StandardCharsets.UTF_8))));
  }

  @Test
  void generatedSecretAnywhereElseOrUsedAsTextFailsAtItsLine() {
    assertThatThrownBy(() -> render("data:\n  password: {{ generated_secret(16) }}\n", CLUSTER))
        .hasMessageContaining("configmap.yaml.j2:7")
        .hasMessageContaining("stands at /data/password")
        .hasMessageContaining("only as the value of a key under a Secret's data or stringData");
    assertThatThrownBy(
            () -> render("data:\n  items:\n  - a\n  - x: {{ generated_secret(16) }}\n", CLUSTER))
        .hasMessageContaining("stands at /data/items/1/x;");
    assertThatThrownBy(() -> renderSecret("stringData:\n  p: {{ generated_secret(7) }}\n"))
        .hasMessageContaining("secret.yaml.j2:7")
        .hasMessageContaining("the length must be from 8 to 256");
    assertThatThrownBy(() -> renderSecret("stringData:\n  p: {{ generated_secret(16) | upper }}\n"))
        .hasMessageContaining("secret.yaml.j2:7")
        .hasMessageContaining("must be the whole value of a field");
    assertThatThrownBy(() -> renderSecret("stringData:\n  p: x{{ generated_secret(16) }}\n"))
        .hasMessageContaining("must be the whole value of a field");
  }

  private List<RenderedObject> render(String body, ClusterReads reads) throws IOException {
    return renderAll(body, reads).objects();
  }

  private Rendered renderAll(String body, ClusterReads reads) throws IOException {
    return renderFile(
        "configmap.yaml.j2",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ metadata.name }}-config\n"
            + "# the template's own line, the first line of the body is line 7\n"
            + body,
        reads);
  }

  private List<RenderedObject> renderSecret(String body) throws IOException {
    return renderFile(
            "secret.yaml.j2",
            "apiVersion: v1\nkind: Secret\nmetadata:\n  name: {{ metadata.name }}-secret\n"
                + "# the template's own line, the first line of the body is line 7\n"
                + body,
            ClusterReads.NONE)
        .objects();
  }

  private Rendered renderFile(String name, String text, ClusterReads reads) throws IOException {
    Path folder = Files.createDirectories(dir.resolve("test"));
    try (var earlier = Files.list(folder)) {
      for (Path file : earlier.toList()) {
        Files.delete(file);
      }
    }
    Files.writeString(
        dir.resolve("watches.yaml"),
        "- group: test.example.com\n  version: v1\n  kind: Test\n  templates: test\n" + LOOKUPS);
    Files.writeString(folder.resolve(name), text);
    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      return registry.render(
          registry.watches().get(0),
          Map.of(
              "apiVersion",
              "test.example.com/v1",
              "kind",
              "Test",
              "metadata",
              Map.of("name", "web", "namespace", "ns"),
              "spec",
              Map.of()),
          reads);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> data(List<RenderedObject> objects) {
    return (Map<String, Object>) objects.get(0).body().get("data");
  }

  private static Map<String, Object> object(
      String apiVersion,
      String kind,
      String namespace,
      String name,
      Map<String, String> labels,
      Map<String, Object> rest) {
    Map<String, Object> object = new java.util.LinkedHashMap<>(rest);
    object.put("apiVersion", apiVersion);
    object.put("kind", kind);
    object.put(
        "metadata",
        Map.of("name", name, "namespace", namespace, "labels", labels, "resourceVersion", "1"));
    return object;
  }
}
