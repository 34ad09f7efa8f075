package io.webserveroperator.templatetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The three ways to write a path, and setting fields of a resource through one. */
class FieldPathTest {

  private static final JsonNode OBJECT =
      JsonValues.tree(
          Map.of(
              "metadata",
              Map.of("labels", Map.of("app.kubernetes.io/name", "nginx")),
              "spec",
              Map.of("containers", List.of(Map.of("image", "nginx:1.27", "name", "web")))));

  @Test
  void readsDottedKeysWithListIndexes() {
    assertThat(FieldPath.parse("spec.containers[0].image").in(OBJECT).asText())
        .isEqualTo("nginx:1.27");
  }

  @Test
  void readsQuotedKeysHoldingDotsAndSlashes() {
    assertThat(FieldPath.parse("metadata.labels[\"app.kubernetes.io/name\"]").in(OBJECT).asText())
        .isEqualTo("nginx");
    assertThat(FieldPath.parse("metadata.labels['app.kubernetes.io/name']").in(OBJECT).asText())
        .isEqualTo("nginx");
  }

  @Test
  void readsJsonPointersWithTheirEscapes() {
    assertThat(FieldPath.parse("/spec/containers/0/name").in(OBJECT).asText()).isEqualTo("web");
    assertThat(FieldPath.parse("/metadata/labels/app.kubernetes.io~1name").in(OBJECT).asText())
        .isEqualTo("nginx");
  }

  @Test
  void aPathLeadingNowhereIsMissing() {
    assertThat(FieldPath.parse("spec.containers[3].image").in(OBJECT).isMissingNode()).isTrue();
  }

  @Test
  void anInvalidPathSaysWhereAndHowToWriteOne() {
    assertThatThrownBy(() -> FieldPath.parse("spec.containers[x]"))
        .isInstanceOf(TemplateTestException.class)
        .hasMessageContaining("spec.containers[x] is invalid at character 17")
        .hasMessageContaining("expected a list index or a quoted key")
        .hasMessageContaining("/spec/replicas");
    assertThatThrownBy(() -> FieldPath.parse("metadata.labels[\"open"))
        .hasMessageContaining("the quoted key is not closed");
  }

  @Test
  void setCreatesTheMapsOnTheWayAndNullRemoves() {
    ObjectNode resource = OBJECT.deepCopy();
    FieldPath.parse("spec.ingress.host").set(resource, TextNode.valueOf("shop.example.com"));
    FieldPath.parse("spec.containers[0].image").set(resource, TextNode.valueOf("nginx:1.28"));
    FieldPath.parse("metadata.labels").set(resource, null);

    assertThat(resource.at("/spec/ingress/host").asText()).isEqualTo("shop.example.com");
    assertThat(resource.at("/spec/containers/0/image").asText()).isEqualTo("nginx:1.28");
    assertThat(resource.at("/metadata").has("labels")).isFalse();
  }

  @Test
  void setRefusesToPassThroughAScalar() {
    assertThatThrownBy(
            () ->
                FieldPath.parse("spec.containers[0].image.tag")
                    .set(OBJECT.deepCopy(), TextNode.valueOf("x")))
        .isInstanceOf(TemplateTestException.class)
        .hasMessageContaining("image is not a map or list");
  }
}
