package io.webserveroperator.crd;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.testing.Project;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class CrdChangesTest {

  private static final Map<String, Object> SHOPS =
      CrdFolder.read(Project.file("src/test/resources/io/webserveroperator/crd"))
          .find("test.example.com", "Shop")
          .orElseThrow()
          .body();

  @Test
  void theSameCrdBreaksNothingAndAnOptionalFieldOrAWiderEnumNeither() {
    assertThat(CrdChanges.breaking(SHOPS, SHOPS)).isEmpty();
    assertThat(
            CrdChanges.breaking(
                SHOPS,
                edited(
                    spec -> {
                      properties(spec).put("colour", Map.of("type", "string"));
                      property(spec, "tier").put("enum", List.of("small", "large", "huge"));
                      property(spec, "replicas").put("maximum", 10);
                      property(spec, "name").put("description", "now explained");
                    })))
        .isEmpty();
  }

  @Test
  void namesEveryBreakingChange() {
    Map<String, Object> desired =
        edited(
            spec -> {
              properties(spec).remove("labels");
              property(spec, "name").put("type", "integer");
              property(spec, "tier").put("enum", List.of("small"));
              properties(spec).put("owner", Map.of("type", "string"));
              spec.put("required", List.of("version", "owner", "replicas"));
              property(spec, "replicas").remove("default");
              property(spec, "code").put("pattern", "^[0-9]{4}$");
              property(spec, "tags").put("maxItems", 1);
            });

    assertThat(CrdChanges.breaking(SHOPS, desired))
        .extracting(BreakingChange::toString)
        .containsExactlyInAnyOrder(
            "v1 .spec.code: the pattern changes from ^\\d{3}$ to ^[0-9]{4}$: existing values may"
                + " not match it",
            "v1 .spec.replicas: becomes required: resources without it are refused",
            "v1 .spec.tier: the enum narrows: [large] no longer allowed, and stored values may hold"
                + " them",
            "v1 .spec.name: the type changes from string to integer",
            "v1 .spec.tags: maxItems changes from 2 to 1: existing values may not meet it",
            "v1 .spec.labels: removed: stored resources lose it, clients that set it fail",
            "v1 .spec.owner: is new and required without a default: existing resources lack it");
  }

  @Test
  void aVersionNoLongerServedOrTheStatusSubresourceRemovedBreaks() {
    Map<String, Object> withStatus = UntypedMaps.deepCopyMap(SHOPS);
    UntypedMaps.getMaps(withStatus, "spec", "versions")
        .get(0)
        .put("subresources", Map.of("status", Map.of()));
    Map<String, Object> unserved = UntypedMaps.deepCopyMap(SHOPS);
    UntypedMaps.getMaps(unserved, "spec", "versions").get(0).put("served", false);

    assertThat(CrdChanges.breaking(withStatus, SHOPS))
        .extracting(BreakingChange::toString)
        .containsExactly(
            "v1 the status subresource is removed: the operator could no longer write status");
    assertThat(CrdChanges.breaking(SHOPS, unserved))
        .extracting(BreakingChange::toString)
        .containsExactly("v1 the version is no longer served");
  }

  @Test
  void comparesTheFileWithTheDefaultsTheApiServerAdds() {
    Map<String, Object> served = UntypedMaps.deepCopyMap(SHOPS);
    Map<String, Object> names = UntypedMaps.getMap(served, "spec", "names");
    names.put("singular", "shop");
    names.put("listKind", "ShopList");
    UntypedMaps.getMap(served, "spec").put("conversion", Map.of("strategy", "None"));
    UntypedMaps.getOrCreateMap(served, "status").put("acceptedNames", Map.of("kind", "Shop"));

    assertThat(CrdChanges.comparable(served)).isEqualTo(CrdChanges.comparable(SHOPS));
  }

  private static Map<String, Object> edited(Consumer<Map<String, Object>> edit) {
    Map<String, Object> copy = UntypedMaps.deepCopyMap(SHOPS);
    edit.accept(
        UntypedMaps.getMap(
            UntypedMaps.getMaps(copy, "spec", "versions").get(0),
            "schema",
            "openAPIV3Schema",
            "properties",
            "spec"));
    return copy;
  }

  private static Map<String, Object> properties(Map<String, Object> schema) {
    return UntypedMaps.getMap(schema, "properties");
  }

  private static Map<String, Object> property(Map<String, Object> schema, String name) {
    return UntypedMaps.getMap(schema, "properties", name);
  }
}
