package io.webserveroperator.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.schema.CoreSchema;
import org.yaml.snakeyaml.Yaml;

/**
 * Strings that a YAML reader could take for numbers, booleans, nulls, dates or merge keys are
 * written so that a YAML 1.1 reader (SnakeYAML) and a YAML 1.2 core-schema reader
 * (snakeyaml-engine) both read back the same string, as key and as value.
 */
class ManifestYamlTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0x1F",
        "1_000",
        "12:30",
        "1:20:30",
        ".inf",
        "-.inf",
        ".NaN",
        "2001-12-14",
        "2001-12-14t21:59:43.10-05:00",
        "<<",
        "=",
        "~",
        "null",
        "Null",
        "",
        "yes",
        "No",
        "on",
        "OFF",
        "y",
        "N",
        "true",
        "False",
        "0o17",
        "0b101",
        "017",
        "+1",
        "-.5",
        "1e3",
        "6.8523015e+5",
        "080",
        "8080",
        "plain text",
        "a: b",
        "- item",
        "#comment",
        "multi\nline\n"
      })
  void readsBackAsTheSameStringInYaml11AndYaml12(String text) throws Exception {
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("value", text);
    object.put(text.isEmpty() ? "empty" : text, "key");

    String yaml = ManifestYaml.writer().writeValueAsString(object);

    assertThat((Object) new Yaml().load(yaml)).as("YAML 1.1 reading:%n%s", yaml).isEqualTo(object);
    Load yaml12 = new Load(LoadSettings.builder().setSchema(new CoreSchema()).build());
    assertThat(yaml12.loadFromString(yaml)).as("YAML 1.2 reading:%n%s", yaml).isEqualTo(object);
  }

  @ParameterizedTest
  @ValueSource(strings = {"nginx", "my-app", "web.example.com", "80", "true"})
  void leavesUnambiguousStringsPlainAndQuotesTheRest(String text) throws Exception {
    String yaml = ManifestYaml.writer().writeValueAsString(Map.of("v", text));
    boolean plain = yaml.equals("v: " + text + "\n");
    assertThat(plain).as(yaml).isEqualTo(!ManifestYaml.UnambiguousQuoting.ambiguous(text));
  }
}
