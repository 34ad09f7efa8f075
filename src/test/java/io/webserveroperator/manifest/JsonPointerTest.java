package io.webserveroperator.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonPointerTest {

  @Test
  void readsEscapedKeysAndListIndexes() {
    Map<String, Object> object =
        Map.of(
            "metadata",
            Map.of("annotations", Map.of("example.com/x", "a", "t~x", "b")),
            "spec",
            Map.of("containers", List.of(Map.of("image", "nginx"))));

    assertThat(JsonPointer.parse("/metadata/annotations/example.com~1x").get(object)).hasValue("a");
    assertThat(JsonPointer.parse("/metadata/annotations/t~0x").get(object)).hasValue("b");
    assertThat(JsonPointer.parse("/spec/containers/0/image").get(object)).hasValue("nginx");
    assertThat(JsonPointer.parse("/spec/containers/1/image").get(object)).isEmpty();
    assertThat(JsonPointer.parse("/spec/containers/01/image").get(object))
        .as("RFC 6901 has no leading zeros")
        .isEmpty();
  }

  @Test
  void setsAndRemovesInPlace() {
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("spec", new LinkedHashMap<>(Map.of("replicas", 2)));
    object.put("list", new ArrayList<>(List.of("a", "b")));

    JsonPointer.parse("/spec/replicas").set(object, 5);
    JsonPointer.parse("/spec/template/metadata").set(object, Map.of());
    JsonPointer.parse("/list/0").remove(object);

    assertThat(object)
        .isEqualTo(
            Map.of(
                "spec", Map.of("replicas", 5, "template", Map.of("metadata", Map.of())),
                "list", List.of("b")));
  }

  @Test
  void refusesWhatIsNotAPointerToAField() {
    assertThatThrownBy(() -> JsonPointer.parse("spec/replicas"))
        .hasMessageContaining("is not a JSON pointer to a field (RFC 6901: /spec/replicas)");
    assertThatThrownBy(() -> JsonPointer.parse("/")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> JsonPointer.parse("/a~2b")).hasMessageContaining("~0");
  }
}
