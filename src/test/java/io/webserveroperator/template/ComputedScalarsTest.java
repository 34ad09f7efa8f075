package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Text the template computes reads as YAML reads it, as in Jinja2, while a string of the resource
 * stays a string whatever it looks like, and no printed text ever becomes structure.
 */
class ComputedScalarsTest {

  @TempDir Path dir;

  private Map<String, Object> data(String fields, Map<String, Object> spec) throws IOException {
    String template = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata:\n" + fields;
    return Fixtures.renderOneKind(dir, "Thing", Map.of("cm.yaml.j2", template), spec).get(0).body();
  }

  @Test
  void computedTextIsTypedWhereItIsPlain() throws IOException {
    Map<String, Object> spec = Map.of("flag", false, "major", 1, "minor", 2);
    Map<String, Object> body =
        data(
            """
              suspend: {{ spec.flag | lower }}
              version: {{ spec.major }}.{{ spec.minor }}
              port: {{ '80' ~ '80' }}
              none: {{ 'null' }}
              quoted: "{{ spec.flag | lower }}"
            """,
            spec);

    assertThat(body.get("data"))
        .isEqualTo(
            ordered(
                "suspend", false, "version", 1.2, "port", 8080, "none", null, "quoted", "false"));
  }

  @Test
  void aStringOfTheResourceStaysAStringHoweverItIsPassedOn() throws IOException {
    Map<String, Object> spec = Map.of("port", "8080", "flag", "true", "version", "1.10");
    Map<String, Object> body =
        data(
            """
              port: {{ spec.port }}
              flag: {{ spec.flag | default('x') }}
            {% set v = spec.version %}
              version: {{ v }}
            """,
            spec);

    assertThat(body.get("data"))
        .isEqualTo(ordered("port", "8080", "flag", "true", "version", "1.10"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"-", "1, 2", ".inf", "a:b", "1\n---"})
  void computedTextThatReadsTheSameInJinja2StaysOneString(String text) throws IOException {
    Map<String, Object> body = data("  v: {{ spec.text ~ '' }}\n", Map.of("text", text));

    assertThat(body.get("data")).isEqualTo(Map.of("v", text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"1 #comment", "[1, 2]", "{a: 1}", "a: b", "'quoted'", "*alias"})
  void computedTextThatJinja2ReadsAsSyntaxFailsNamingTheLine(String text) {
    assertThatThrownBy(() -> data("  x: 1\n  v: {{ spec.text ~ '' }}\n", Map.of("text", text)))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("thing/cm.yaml.j2:6:")
        .hasMessageContaining("reads as YAML syntax");
  }

  @ParameterizedTest
  @ValueSource(strings = {"1 #comment", "[1, 2]", "{a: 1}", "a: b", "'quoted'", "*alias"})
  void aStringOfTheResourceIsPrintedWholeWhereverItStands(String text) throws IOException {
    Map<String, Object> body =
        data("  v: {{ spec.text }}\n  l: [{{ spec.text }}]\n", Map.of("text", text));

    assertThat(body.get("data")).isEqualTo(ordered("v", text, "l", List.of(text)));
  }

  private static Map<String, Object> ordered(Object... pairs) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], pairs[i + 1]);
    }
    return map;
  }
}
