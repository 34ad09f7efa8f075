package io.webserveroperator.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UntypedMapsTest {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private static Map<String, Object> parse(String yaml) throws Exception {
    return UntypedMaps.asMap(YAML.readValue(yaml, Object.class), "the test object");
  }

  @Test
  void getsValuesAndMapsByPathAndReadsAnythingMissingAsAbsent() throws Exception {
    Map<String, Object> pod =
        parse("metadata: {name: web, labels: {app: web}}\nspec: {containers: [{image: nginx}]}");

    assertThat(UntypedMaps.get(pod, "metadata", "labels", "app")).isEqualTo("web");
    assertThat(UntypedMaps.getMap(pod, "metadata", "labels")).containsEntry("app", "web");
    assertThat(UntypedMaps.get(pod, "metadata", "name", "x")).as("a scalar mid-path").isNull();
    assertThat(UntypedMaps.getMap(pod, "metadata", "name")).as("a scalar is no map").isNull();
    assertThat(UntypedMaps.getMap(null, "metadata")).isNull();
    assertThat(UntypedMaps.getMapOrEmpty(pod, "status")).isEmpty();
    assertThat(UntypedMaps.get(pod)).as("the empty path is the root").isSameAs(pod);
  }

  @Test
  void getMapsSkipsListItemsThatAreNoMap() throws Exception {
    Map<String, Object> status =
        parse("conditions: [{type: Ready}, oops, {type: Progressing}]\ninventory: none");

    assertThat(UntypedMaps.getMaps(status, "conditions"))
        .extracting(condition -> condition.get("type"))
        .containsExactly("Ready", "Progressing");
    assertThat(UntypedMaps.getMaps(status, "inventory")).isEmpty();
    assertThat(UntypedMaps.getMaps(status, "missing")).isEmpty();
  }

  @Test
  void getOrCreateMapPutsAMapWhereNoneIsAndReturnsTheTreesOwn() {
    Map<String, Object> object = new LinkedHashMap<>(Map.of("metadata", "scalar"));

    UntypedMaps.getOrCreateMap(object, "metadata").put("name", "web");
    UntypedMaps.getOrCreateMap(object, "metadata").put("namespace", "shop");

    assertThat(object).isEqualTo(Map.of("metadata", Map.of("name", "web", "namespace", "shop")));
  }

  @Test
  void castsAreCheckedAndNameTheValue() {
    assertThatThrownBy(() -> UntypedMaps.asMap(List.of(), "document 2 of pods.yaml"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("document 2 of pods.yaml is not a map but a ListN");
    assertThatThrownBy(() -> UntypedMaps.asMap(Map.of(1, "one"), "spec"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("spec has the key 1 (a Integer)");
    assertThatThrownBy(() -> UntypedMaps.asList(null, "spec.containers"))
        .hasMessage("spec.containers is not a list but null");
    assertThat(UntypedMaps.asList(List.of("a"), "items")).containsExactly("a");
  }

  @Test
  void deepCopyIsMutableAndIndependentOfTheOriginal() throws Exception {
    Map<String, Object> original = parse("spec: {ports: [{port: 80}], image: nginx}");

    Map<String, Object> copy = UntypedMaps.deepCopyMap(original);
    UntypedMaps.getMaps(copy, "spec", "ports").get(0).put("port", 8080);
    UntypedMaps.getMap(copy, "spec").put("image", "httpd");

    assertThat(UntypedMaps.get(original, "spec", "image")).isEqualTo("nginx");
    assertThat(UntypedMaps.getMaps(original, "spec", "ports").get(0)).containsEntry("port", 80);
    assertThat(UntypedMaps.deepCopy(List.of(Map.of("a", 1)))).isEqualTo(List.of(Map.of("a", 1)));
    assertThat(UntypedMaps.deepCopyMap(null)).isNull();
  }
}
