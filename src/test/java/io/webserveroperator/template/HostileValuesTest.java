package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Values can never change the structure of a manifest: each hostile string renders to the same
 * objects as a harmless marker does, except for the one field that holds it, which holds it
 * exactly.
 */
class HostileValuesTest {

  static final String MARKER = "MARKER-VALUE";
  static final TemplateRegistry REGISTRY =
      TemplateRegistry.load(Project.file("templates/watches.yaml"));
  static final TemplatedKind WATCH =
      REGISTRY.watchFor("webapp.example.com/v1", "WebServer").orElseThrow();

  @AfterAll
  static void close() {
    REGISTRY.close();
  }

  @SuppressWarnings("unchecked")
  static Stream<String> values() throws IOException {
    return ((List<String>)
            Fixtures.YAML.readValue(Fixtures.path("hostile-values.yaml").toFile(), List.class))
        .stream();
  }

  static List<RenderedObject> render(String value) {
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("image", value);
    spec.put("replicas", 2);
    spec.put("content", Map.of("index.html", value, "page-" + value.hashCode(), value));
    spec.put("ingress", Map.of("host", "example.com", "path", "/" + value));
    return REGISTRY.render(
        WATCH, WebServers.resource(Map.of("name", "web", "namespace", "ns", "uid", "u-1"), spec));
  }

  @ParameterizedTest
  @MethodSource("values")
  void aValueLandsExactlyInItsOwnFieldAndNowhereElse(String value) throws IOException {
    List<RenderedObject> hostile = render(value);
    List<RenderedObject> marked = render(MARKER);

    assertThat(hostile).hasSameSizeAs(marked);
    Map<String, Object> deployment = byKind(hostile, "Deployment");
    assertThat(container(deployment).get("image")).isEqualTo(value);
    Map<String, Object> data = UntypedMaps.asMap(byKind(hostile, "ConfigMap").get("data"), "a map");
    assertThat(data)
        .containsEntry("index.html", value)
        .containsEntry("page-" + value.hashCode(), value);
    assertThat(path(byKind(hostile, "Ingress"))).isEqualTo("/" + value);

    // Same structure: put the marker back where the value went and compare whole objects.
    container(deployment).put("image", MARKER);
    data.clear();
    UntypedMaps.asMap(byKind(marked, "ConfigMap").get("data"), "a map").clear();
    setPath(byKind(hostile, "Ingress"), "/" + MARKER);
    for (int i = 0; i < hostile.size(); i++) {
      Map<String, Object> a = withoutChecksum(hostile.get(i).body());
      Map<String, Object> b = withoutChecksum(marked.get(i).body());
      assertThat(Fixtures.JSON.writeValueAsString(a))
          .isEqualTo(Fixtures.JSON.writeValueAsString(b));
    }
  }

  static Map<String, Object> byKind(List<RenderedObject> objects, String kind) {
    return objects.stream()
        .filter(o -> o.ref().kind().equals(kind))
        .findFirst()
        .orElseThrow()
        .body();
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> container(Map<String, Object> deployment) {
    Map<String, Object> pod =
        UntypedMaps.asMap(
            UntypedMaps.asMap(deployment.get("spec"), "a map").get("template"), "a map");
    return ((List<Map<String, Object>>)
            UntypedMaps.asMap(pod.get("spec"), "a map").get("containers"))
        .get(0);
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> firstPath(Map<String, Object> ingress) {
    Map<String, Object> rule =
        ((List<Map<String, Object>>) UntypedMaps.asMap(ingress.get("spec"), "a map").get("rules"))
            .get(0);
    return ((List<Map<String, Object>>) UntypedMaps.asMap(rule.get("http"), "a map").get("paths"))
        .get(0);
  }

  static Object path(Map<String, Object> ingress) {
    return firstPath(ingress).get("path");
  }

  static void setPath(Map<String, Object> ingress, String path) {
    firstPath(ingress).put("path", path);
  }

  static Map<String, Object> withoutChecksum(Map<String, Object> body) {
    if (!"Deployment".equals(body.get("kind"))) {
      return body;
    }
    Map<String, Object> pod =
        UntypedMaps.asMap(UntypedMaps.asMap(body.get("spec"), "a map").get("template"), "a map");
    UntypedMaps.asMap(pod.get("metadata"), "a map").remove("annotations");
    return body;
  }
}
