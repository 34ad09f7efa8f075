package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.HostileTemplates;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Templates that loop forever, recurse, print too much, reach for Java or break the object rules
 * fail their render with a message naming the file and the cause, and stop on their own: the
 * pre-emptive timeout is a hang guard, far above the 2 s render limit.
 */
class HostileTemplatesTest {

  static final Duration HANG_GUARD = Duration.ofSeconds(20);

  @TempDir Path temp;

  static List<HostileTemplates.Case> cases() {
    return HostileTemplates.all();
  }

  @ParameterizedTest
  @MethodSource("cases")
  void failsTheRenderNamingFileAndCause(HostileTemplates.Case hostile) throws IOException {
    Files.createDirectories(temp.resolve("hostile"));
    Files.writeString(
        temp.resolve("watches.yaml"),
        "- {group: test.example.com, version: v1, kind: Hostile, templates: hostile}\n");
    Files.writeString(temp.resolve("hostile").resolve(HostileTemplates.FILE), hostile.template());

    try (TemplateRegistry registry = TemplateRegistry.load(temp.resolve("watches.yaml"))) {
      TemplatedKind watch = registry.watches().get(0);
      Map<String, Object> resource =
          Map.of(
              "apiVersion",
              "test.example.com/v1",
              "kind",
              "Hostile",
              "metadata",
              Map.of("name", "web", "namespace", "team-a", "uid", "uid-1"),
              "spec",
              Map.of("content", Map.of("case", hostile.name())));

      assertTimeoutPreemptively(
          HANG_GUARD,
          () ->
              assertThatThrownBy(() -> registry.render(watch, resource))
                  .isInstanceOf(RenderException.class)
                  .hasMessageStartingWith("Hostile team-a/web: hostile/" + HostileTemplates.FILE)
                  .hasMessageContaining(hostile.cause()));
    }
  }
}
