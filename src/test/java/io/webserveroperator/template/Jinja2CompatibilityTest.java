package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.webserveroperator.template.source.TemplateTree;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each template under compat/templates renders to the same objects as real Jinja2 3.1.6 does; the
 * expected objects were produced by compat/generate.py (trim_blocks, StrictUndefined).
 */
class Jinja2CompatibilityTest {

  static final TemplateSet SET =
      TemplateSet.load(Fixtures.watch("templates"), TemplateTree.read(Fixtures.path("compat")));

  static Stream<String> cases() {
    return SET.files().stream().map(TemplateFile::name);
  }

  @ParameterizedTest
  @MethodSource("cases")
  void rendersTheSameObjectsAsJinja2(String template) throws IOException {
    TemplateFile file =
        SET.files().stream().filter(f -> f.name().equals(template)).findFirst().orElseThrow();
    Map<String, Object> resource = Fixtures.yaml("compat/input.yaml");

    List<Object> documents = Renderer.documents(SET, file, resource);

    String expectedName =
        "compat/expected/" + template.replace("templates/", "").replace(".yaml.j2", ".json");
    JsonNode expected = Fixtures.JSON.readTree(Fixtures.path(expectedName).toFile());
    JsonNode actual = Fixtures.JSON.readTree(Fixtures.JSON.writeValueAsString(documents));
    assertThat(actual).isEqualTo(expected);
  }
}
