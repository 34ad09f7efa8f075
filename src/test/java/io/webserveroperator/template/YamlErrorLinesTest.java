package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A rendered text that is not valid YAML fails naming the template line that wrote the bad output
 * line, through loops, macros, set blocks and whitespace control.
 */
class YamlErrorLinesTest {

  @TempDir Path dir;

  /** One case of {@code yaml-error-lines.yaml}. */
  record Case(String name, int line, String template) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Case> cases() throws IOException {
    return Fixtures.YAML.readValue(
        Fixtures.path("yaml-error-lines.yaml").toFile(), new TypeReference<List<Case>>() {});
  }

  @ParameterizedTest
  @MethodSource("cases")
  void namesTheTemplateLine(Case bad) {
    assertThatThrownBy(
            () ->
                Fixtures.renderOneKind(
                    dir, "Lines", Map.of("out.yaml.j2", bad.template()), Map.of()))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("lines/out.yaml.j2:" + bad.line() + ": ");
  }
}
