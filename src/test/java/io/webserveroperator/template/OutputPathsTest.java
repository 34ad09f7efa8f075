package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.UntypedMaps;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every output path of a template - expressions, loops, set blocks, macros, {@code caller()},
 * {@code {% call %}}, includes, imports, {@code super()} - isolates values as {@code {{ }}} does: a
 * value holding a whole YAML document lands as that one string in the field it was put in.
 */
class OutputPathsTest {

  static final String TITLE = "x\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: stolen\n";
  static final String HEADER = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: out\ndata:\n";

  @TempDir Path dir;

  /** One case of {@code output-paths.yaml}. */
  record Case(
      String name, String template, Map<String, String> partials, String expected, boolean whole) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Case> cases() throws IOException {
    return Fixtures.YAML.readValue(
        Fixtures.path("output-paths.yaml").toFile(), new TypeReference<List<Case>>() {});
  }

  @ParameterizedTest
  @MethodSource("cases")
  void theValueLandsAsOneStringInItsField(Case path) throws IOException {
    Map<String, String> files = new HashMap<>();
    files.put("out.yaml.j2", path.whole() ? path.template() : HEADER + path.template());
    if (path.partials() != null) {
      files.putAll(path.partials());
    }
    List<RenderedObject> objects =
        Fixtures.renderOneKind(dir, "Paths", files, Map.of("title", TITLE));

    assertThat(objects).extracting(o -> o.ref().toString()).containsExactly("ConfigMap ns/out");
    assertThat(UntypedMaps.asMap(objects.get(0).body().get("data"), "a map"))
        .containsExactly(Map.entry("value", path.expected().replace("TITLE", TITLE)));
  }
}
