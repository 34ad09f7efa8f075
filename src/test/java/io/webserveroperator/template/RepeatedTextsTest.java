package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.manifest.UntypedMaps;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resources whose templates render to the same text but for the strings they print, as a kind's
 * resources do (the engine reads each such text's YAML once): each render gets its own values and
 * its own objects.
 */
class RepeatedTextsTest {

  private static final String TEMPLATE =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: {{ spec.name }}}
      data:
        port: {{ spec.port }}
        hosts: [{{ spec.host }}, localhost]
        fixed: [80, 443]
      """;

  @TempDir Path dir;

  private Map<String, Object> render(String name, String port, String host) throws IOException {
    return Fixtures.renderOneKind(
            dir,
            "Thing",
            Map.of("cm.yaml.j2", TEMPLATE),
            Map.of("name", name, "port", port, "host", host))
        .get(0)
        .body();
  }

  @Test
  void eachResourceGetsItsOwnValuesInObjectsOfItsOwn() throws IOException {
    Map<String, Object> first = render("a", "8080", "a.example");
    Map<String, Object> second = render("b", "9090", "b.example");
    UntypedMaps.getMapOrEmpty(first, "data").put("added", "x");
    ((List<Object>) UntypedMaps.getMapOrEmpty(first, "data").get("fixed")).add(8443);
    Map<String, Object> again = render("a", "8080", "a.example");

    assertThat(UntypedMaps.get(second, "metadata", "name")).isEqualTo("b");
    assertThat(second.get("data"))
        .isEqualTo(
            Map.of(
                "port",
                "9090",
                "hosts",
                List.of("b.example", "localhost"),
                "fixed",
                List.of(80, 443)));
    assertThat(again.get("data"))
        .isEqualTo(
            Map.of(
                "port",
                "8080",
                "hosts",
                List.of("a.example", "localhost"),
                "fixed",
                List.of(80, 443)));
  }

  @Test
  void aTextReadBeforeStillFailsWhereItsValuesMakeTwoKeysOne() throws IOException {
    String keys =
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata:\n"
            + "  {{ spec.a }}: 1\n  {{ spec.b }}: 2\n";
    Fixtures.renderOneKind(dir, "Thing", Map.of("cm.yaml.j2", keys), Map.of("a", "p", "b", "q"));

    assertThatThrownBy(
            () ->
                Fixtures.renderOneKind(
                    dir, "Thing", Map.of("cm.yaml.j2", keys), Map.of("a", "p", "b", "p")))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("the key 'p' twice");
  }
}
