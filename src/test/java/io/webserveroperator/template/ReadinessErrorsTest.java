package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A malformed readiness rule in watches.yaml (an unknown key, no {@code ready}, an empty group or
 * kind, an expression that does not parse) fails the loading of its kind only, with a message
 * naming watches.yaml, the entry and the rule; the other kinds load and render.
 */
public class ReadinessErrorsTest {

  public static final String OBJECT =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ metadata.name }}-out\n";

  @TempDir Path dir;

  /** One case of {@code readiness-errors.yaml}. */
  record Case(String name, Object readiness, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Case> cases() throws IOException {
    return Fixtures.YAML.readValue(
        Fixtures.path("readiness-errors.yaml").toFile(), new TypeReference<List<Case>>() {});
  }

  @ParameterizedTest
  @MethodSource("cases")
  void failsOnlyItsOwnKindNamingTheEntryAndTheRule(Case malformed) throws IOException {
    Map<String, Object> broken =
        Map.of(
            "group", "test.example.com",
            "version", "v1",
            "kind", "Broken",
            "templates", "kind",
            "readiness", malformed.readiness());
    Map<String, Object> good =
        Map.of("group", "test.example.com", "version", "v1", "kind", "Good", "templates", "kind");
    Files.writeString(
        dir.resolve("watches.yaml"), Fixtures.YAML.writeValueAsString(List.of(broken, good)));
    Files.createDirectories(dir.resolve("kind"));
    Files.writeString(dir.resolve("kind/out.yaml.j2"), OBJECT);

    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      TemplatedKind brokenWatch = registry.watches().get(0);
      TemplatedKind goodWatch = registry.watches().get(1);

      assertThat(registry.loadFailure(brokenWatch))
          .hasValueSatisfying(e -> assertThat(e.reason()).contains(malformed.message()));
      assertThatThrownBy(() -> registry.render(brokenWatch, Fixtures.resource("Broken")))
          .isInstanceOf(TemplatesInvalidException.class)
          .hasMessageStartingWith("Broken ns/web: ")
          .hasMessageContaining(malformed.message());
      assertThatThrownBy(() -> Fixtures.readiness(registry, brokenWatch))
          .isInstanceOf(TemplatesInvalidException.class);
      assertThat(registry.loadFailure(goodWatch)).isEmpty();
      assertThat(registry.render(goodWatch, Fixtures.resource("Good"))).hasSize(1);
    }
  }
}
