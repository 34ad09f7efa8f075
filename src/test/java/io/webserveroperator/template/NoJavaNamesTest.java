package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.RenderedObject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No Java class name or object identity reaches a rendered object or an error message: engine
 * objects print as Python would name them, and jinjava's messages speak of strings, numbers, dicts
 * and lists.
 */
class NoJavaNamesTest {

  static final String HEADER = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: out\ndata:\n";

  static final Map<String, Object> SPEC =
      Map.of(
          "title",
          "hello",
          "n",
          3,
          "items",
          List.of(Map.of("x", 1, "y", "a"), Map.of("x", 1, "y", "b")));

  /** Package names, identity hashes, and the Java types a template's values are made of. */
  static final Pattern JAVA =
      Pattern.compile(
          "\\b(java|javax|jdk|sun|com\\.hubspot|jinjava|io\\.webserveroperator|de\\.odysseus"
              + "|org\\.apache|com\\.google|com\\.fasterxml)\\.|@[0-9a-f]{4,}|\\$\\w"
              + "|\\b\\w+(Exception|Error)\\b|\\b(SizeLimiting\\w*|Py(Map|List|Set)|ForLoop|LoopView"
              + "|\\w*Macro\\w*|\\w*Interpreter|\\w*Filter|\\w*Map|\\w*List|String|Long|Integer"
              + "|Double|Object|BigDecimal|BigInteger|Character|Boolean|Class)\\b");

  @TempDir Path dir;

  /** One case of {@code java-names.yaml}. */
  record Case(String name, String expression, String template, boolean fails) {
    @Override
    public String toString() {
      return name;
    }

    String body() {
      // A block scalar: a Python repr such as {'a': 1} is text there, for Jinja2's YAML too.
      return template != null ? template : "  value: |-\n    {{ " + expression + " }}\n";
    }
  }

  static List<Case> cases() throws IOException {
    return Fixtures.YAML.readValue(
        Fixtures.path("java-names.yaml").toFile(), new TypeReference<List<Case>>() {});
  }

  @ParameterizedTest
  @MethodSource("cases")
  void neitherOutputNorMessageNamesJava(Case expression) throws IOException {
    String seen;
    boolean failed;
    try {
      List<RenderedObject> objects =
          Fixtures.renderOneKind(
              dir, "Names", Map.of("out.yaml.j2", HEADER + expression.body()), SPEC);
      seen = Fixtures.JSON.writeValueAsString(objects.get(0).body().get("data"));
      failed = false;
    } catch (OperatorException e) {
      seen = e.getMessage();
      failed = true;
    }

    assertThat(seen).doesNotContainPattern(JAVA);
    assertThat(failed).as("fails: %s", seen).isEqualTo(expression.fails());
  }
}
