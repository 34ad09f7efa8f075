package io.webserveroperator.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.dev.KubeBinaries;
import io.webserveroperator.testing.Helm;
import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The chart and the kustomizations install the same thing: {@code helm template} with the values
 * that say what a kustomization says renders, object for object and field for field, what {@code
 * kubectl kustomize} builds plus {@code crds/}. Left aside: the Namespace (Helm installs into the
 * release's, {@code --create-namespace}), the labels and the annotation only Helm writes, and the
 * hash kustomize appends to the templates ConfigMap's name (the chart's is updated in place).
 */
class ChartMatchesKustomizeIT {

  static final YAMLMapper YAML = new YAMLMapper();
  static final String NAMESPACE = "webserver-operator-system";
  static final Set<String> HELM_LABELS =
      Set.of(
          "helm.sh/chart",
          "app.kubernetes.io/managed-by",
          "app.kubernetes.io/instance",
          "app.kubernetes.io/version");

  @TempDir Path home;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "deploy, ''",
    "deploy-sharded, 'sharding.enabled=true,replicas=3'",
  })
  void theChartRendersWhatKustomizeBuildsForTheSameSettings(String kustomization, String values)
      throws Exception {
    Helm helm = Helm.in(home, null);
    List<String> args =
        new ArrayList<>(
            List.of(
                "template", "webserver-operator", "charts/webserver-operator", "-n", NAMESPACE));
    if (!values.isEmpty()) {
      args.addAll(List.of("--set", values));
    }
    Map<String, Map<String, Object>> chart =
        byIdentity(parse(helm.ok(args.toArray(String[]::new))));

    List<Map<String, Object>> built = parse(kustomize(kustomization));
    for (Path crd : Files.newDirectoryStream(Project.file("crds"), "*.yaml")) {
      built.addAll(parse(Files.readString(crd)));
    }
    built.removeIf(object -> "Namespace".equals(object.get("kind")));
    Map<String, Map<String, Object>> kustomized = byIdentity(built);

    assertThat(chart.keySet()).isEqualTo(kustomized.keySet());
    for (Map.Entry<String, Map<String, Object>> object : kustomized.entrySet()) {
      // As YAML, so that a difference shows as a readable diff of the two objects.
      assertThat(YAML.writeValueAsString(chart.get(object.getKey())))
          .as(object.getKey())
          .isEqualTo(YAML.writeValueAsString(object.getValue()));
    }
  }

  private static String kustomize(String folder) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(
                KubeBinaries.forBuildVersion().kubectl().toString(),
                "kustomize",
                Project.file(folder).toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String yaml = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as("kubectl kustomize %s", folder).isZero();
    return yaml;
  }

  private static List<Map<String, Object>> parse(String yaml) throws IOException {
    List<Map<String, Object>> objects = new ArrayList<>();
    try (MappingIterator<Map<String, Object>> documents =
        YAML.readerFor(new TypeReference<Map<String, Object>>() {}).readValues(yaml)) {
      while (documents.hasNextValue()) {
        Map<String, Object> document = documents.nextValue();
        if (document != null && !document.isEmpty()) {
          objects.add(document);
        }
      }
    }
    return objects;
  }

  /**
   * The objects by {@code Kind namespace/name}, in a canonical form: keys sorted, Helm's labels and
   * annotation removed, and kustomize's hash suffix cut from the templates ConfigMap's name and
   * from the Deployment's reference to it.
   */
  private static Map<String, Map<String, Object>> byIdentity(List<Map<String, Object>> objects) {
    Map<String, Map<String, Object>> byIdentity = new TreeMap<>();
    for (Map<String, Object> object : objects) {
      Map<String, Object> canonical = canonical(object);
      @SuppressWarnings("unchecked")
      Map<String, Object> metadata = (Map<String, Object>) canonical.get("metadata");
      strip(metadata, "labels", HELM_LABELS);
      strip(metadata, "annotations", Set.of("helm.sh/resource-policy"));
      String name = unhashed((String) metadata.get("name"));
      metadata.put("name", name);
      if ("Deployment".equals(canonical.get("kind"))) {
        unhashVolumes(canonical);
      }
      byIdentity.put(
          canonical.get("kind") + " " + metadata.getOrDefault("namespace", "") + "/" + name,
          canonical);
    }
    return byIdentity;
  }

  private static void strip(Map<String, Object> metadata, String field, Set<String> keys) {
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) metadata.get(field);
    if (map != null) {
      map.keySet().removeAll(keys);
      if (map.isEmpty()) {
        metadata.remove(field);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static void unhashVolumes(Map<String, Object> deployment) {
    Map<String, Object> pod =
        (Map<String, Object>)
            ((Map<String, Object>) ((Map<String, Object>) deployment.get("spec")).get("template"))
                .get("spec");
    for (Object volume : (List<Object>) pod.get("volumes")) {
      Map<String, Object> configMap =
          (Map<String, Object>) ((Map<String, Object>) volume).get("configMap");
      if (configMap != null) {
        configMap.put("name", unhashed((String) configMap.get("name")));
      }
    }
  }

  /** The templates ConfigMap's name without kustomize's hash suffix. */
  private static String unhashed(String name) {
    return name.replaceFirst("^(webserver-operator-templates)-[a-z0-9]{10}$", "$1");
  }

  /** A deep copy with every map's keys sorted, so that key order never counts. */
  @SuppressWarnings("unchecked")
  private static <T> T canonical(T value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> sorted = new TreeMap<>();
      map.forEach((k, v) -> sorted.put((String) k, canonical(v)));
      return (T) new LinkedHashMap<>(sorted);
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>();
      list.forEach(item -> copy.add(canonical(item)));
      return (T) copy;
    }
    return value;
  }
}
