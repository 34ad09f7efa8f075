package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A key a mapping does not have is undefined in every expression, as with Jinja2's StrictUndefined
 * (each case raises UndefinedError in Jinja2 3.1.6), where jinjava used null and rendered on: a
 * typo in a spec field fails the render with the key's name instead of printing nothing.
 */
class StrictUndefinedTest {

  static final Map<String, Object> SPEC =
      Map.of("tls", Map.of("enabled", true), "ports", java.util.List.of(80), "title", "Hi");

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{{ metadata.name ~ '-' ~ spec.suffx }}",
        "{% if spec.tls.enabld == true %}yes{% endif %}",
        "{% if spec.tls.enabld %}yes{% endif %}",
        "{{ spec.suffx | length }}",
        "{{ spec.suffx | join(',') }}",
        "{{ spec.suffx | tojson }}",
        "{{ spec.suffx | b64encode }}",
        "{{ spec.suffx | upper }}",
        "{{ 'a' in spec.suffx }}",
        "{{ spec.suffx + 1 }}",
        "{{ spec.suffx == 'x' }}",
        "{% for x in spec.suffx %}x{% endfor %}",
        "{{ spec.suffx.deeper is defined }}",
        "{% set s = spec.suffx %}{{ s }}",
      })
  void anyUseOfAMissingKeyFailsWithItsName(String expression) throws IOException {
    assertThatThrownBy(() -> render(expression))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("webserver/t.yaml.j2:6")
        .satisfiesAnyOf(
            e -> assertThat(e).hasMessageContaining("'suffx' is undefined"),
            e -> assertThat(e).hasMessageContaining("'enabld' is undefined"),
            e -> assertThat(e).hasMessageContaining("undefined value 's'"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{{ spec.suffx is defined }}=False",
        "{{ spec.suffx is undefined }}=True",
        "{{ spec.suffx is not defined }}=True",
        "{{ spec.suffx | default('d') }}=d",
        "{{ spec.suffx | d('d') }}=d",
        "{{ spec.tls.enabld | default(false) }}=False",
        "{{ spec.tls.enabled }}=True",
        "{% if spec.suffx is defined and spec.suffx %}yes{% else %}no{% endif %}=no",
        "{{ spec.title ~ '-' ~ (spec.suffx | default('x')) }}=Hi-x",
      })
  void definedUndefinedAndDefaultLookAtAMissingKey(String expressionAndResult) throws IOException {
    String[] parts = expressionAndResult.split("=(?=[^=]*$)");
    assertThat(render(parts[0])).isEqualTo(parts[1]);
  }

  private String render(String expression) throws IOException {
    Files.createDirectories(dir.resolve("webserver"));
    Files.writeString(
        dir.resolve("watches.yaml"),
        "- {group: webapp.example.com, version: v1, kind: WebServer, templates: webserver}\n");
    Files.writeString(
        dir.resolve("webserver/t.yaml.j2"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: t\ndata:\n  v: \""
            + expression
            + "\"\n");
    Map<String, Object> resource =
        WebServers.resource(Map.of("name", "p1", "namespace", "ns"), SPEC);
    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      Object data = registry.render(registry.watches().get(0), resource).get(0).body().get("data");
      return String.valueOf(UntypedMaps.asMap(data, "data").get("v"));
    }
  }
}
