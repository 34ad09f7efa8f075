package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code rollout} of a watches.yaml entry: a well-formed one is the kind's {@link
 * RolloutPolicy}; a malformed one fails the loading of its kind only, with a message naming
 * watches.yaml, the line and the key, while the other kinds load and render.
 */
class WatchesFileRolloutTest {

  /** The line of the {@code rollout:} key in {@code rollout/watches.yaml.in}. */
  static final int ROLLOUT_LINE = 10;

  @TempDir Path dir;

  /** One case of {@code rollout/policies.yaml}. */
  record Policy(String name, String rollout, String describe) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** One case of {@code rollout/errors.yaml}; {@code line} counts from the {@code rollout:} key. */
  record Error(String name, String rollout, int line, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Policy> policies() throws IOException {
    return Fixtures.YAML.readValue(
        Fixtures.path("rollout/policies.yaml").toFile(), new TypeReference<List<Policy>>() {});
  }

  static List<Error> errors() throws IOException {
    return Fixtures.YAML.readValue(
        Fixtures.path("rollout/errors.yaml").toFile(), new TypeReference<List<Error>>() {});
  }

  @ParameterizedTest
  @MethodSource("policies")
  void aWellFormedRolloutIsTheKindsPolicy(Policy policy) throws IOException {
    try (TemplateRegistry registry = load(policy.rollout())) {
      TemplatedKind broken = registry.watches().get(1);

      assertThat(registry.loadFailure(broken)).isEmpty();
      assertThat(broken.problem()).isEmpty();
      assertThat(broken.rollout())
          .hasValueSatisfying(
              rollout -> assertThat(rollout.describe()).isEqualTo(policy.describe()));
    }
  }

  @ParameterizedTest
  @MethodSource("errors")
  void aMalformedRolloutFailsOnlyItsOwnKindNamingTheLine(Error error) throws IOException {
    int line = ROLLOUT_LINE + error.line();
    try (TemplateRegistry registry = load(error.rollout())) {
      TemplatedKind good = registry.watches().get(0);
      TemplatedKind broken = registry.watches().get(1);

      assertThat(broken.rollout()).isEmpty();
      assertThat(broken.problem())
          .contains(new TemplatedKind.Problem("watches.yaml", line, error.message()));
      assertThat(registry.loadFailure(broken))
          .hasValueSatisfying(
              e -> {
                assertThat(e.template()).isEqualTo("watches.yaml");
                assertThat(e.line()).isEqualTo(line);
                assertThat(e.getMessage())
                    .isEqualTo("watches.yaml:" + line + ": " + error.message());
              });
      assertThatThrownBy(() -> registry.render(broken, Fixtures.resource("Broken")))
          .isInstanceOf(TemplatesInvalidException.class)
          .hasMessage("Broken ns/web: watches.yaml:" + line + ": " + error.message());
      assertThat(registry.loadFailure(good)).isEmpty();
      assertThat(registry.render(good, Fixtures.resource("Good"))).hasSize(1);
    }
  }

  @Test
  void aKindWithoutRolloutHasNoPolicy() throws IOException {
    try (TemplateRegistry registry = load("steps: [1]\n")) {
      assertThat(registry.watches().get(0).rollout()).isEmpty();
    }
  }

  /** Two kinds, Good and Broken, the second with {@code rollout} (YAML text) as its rollout. */
  private TemplateRegistry load(String rollout) throws IOException {
    String watches = Files.readString(Fixtures.path("rollout/watches.yaml.in")) + rollout.indent(4);
    Files.writeString(dir.resolve("watches.yaml"), watches);
    Files.createDirectories(dir.resolve("kind"));
    Files.writeString(dir.resolve("kind/out.yaml.j2"), ReadinessErrorsTest.OBJECT);
    return TemplateRegistry.load(dir.resolve("watches.yaml"));
  }
}
