package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.RenderedObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A render that runs out of stack fails its resource with a {@link RenderException}; the error
 * never reaches the thread, which renders the next resource as if nothing happened. The renders run
 * on a thread with the smallest stack Java allows: a value nested 100,000 deep overflows it in the
 * engine's own code, which throws; macro calls nested in blocks overflow it inside the calls
 * jinjava makes by reflection, which it records as an error and renders on from.
 */
class StackOverflowTest {

  static final long SMALL_STACK = 64 * 1024;

  static final String HEADER = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata:\n";

  /** Macro calls nested 20 deep, each inside 97 nested blocks: about 2,000 levels in all. */
  static final String MACROS =
      "{% macro f(n) %}"
          + "{% if true %}".repeat(97)
          + "{% if n < 19 %}{{ f(n + 1) }}{% endif %}"
          + "{% endif %}".repeat(97)
          + "{% endmacro %}\n"
          + HEADER
          + "  v: '{{ f(0) }}'\n";

  static final String PLAIN = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\n";

  @TempDir Path dir;

  @Test
  void aValueNestedDeeperThanTheStackFailsItsResourceOnly() throws Exception {
    Object deep = "x";
    for (int i = 0; i < 100_000; i++) {
      deep = List.of(deep);
    }
    assertDeepFailsAndPlainRenders(
        HEADER + "  v: {{ spec.deep | tojson }}\n", Map.of("deep", deep));
  }

  @Test
  void macroCallsDeeperThanTheStackFailTheirResourceOnly() throws Exception {
    assertDeepFailsAndPlainRenders(MACROS, Map.of());
  }

  private void assertDeepFailsAndPlainRenders(String template, Map<String, Object> spec)
      throws Exception {
    Files.writeString(
        dir.resolve("watches.yaml"),
        "- {group: test.example.com, version: v1, kind: Deep, templates: deep}\n"
            + "- {group: test.example.com, version: v1, kind: Plain, templates: plain}\n");
    Files.createDirectories(dir.resolve("deep"));
    Files.createDirectories(dir.resolve("plain"));
    Files.writeString(dir.resolve("deep/deep.yaml.j2"), template);
    Files.writeString(dir.resolve("plain/plain.yaml.j2"), PLAIN);

    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      AtomicReference<Throwable> deep = new AtomicReference<>();
      AtomicReference<List<RenderedObject>> plain = new AtomicReference<>();
      Thread thread =
          new Thread(
              null,
              () -> {
                try {
                  registry.render(registry.watches().get(0), resource("Deep", spec));
                } catch (Throwable e) {
                  deep.set(e);
                }
                plain.set(registry.render(registry.watches().get(1), resource("Plain", Map.of())));
              },
              "small-stack",
              SMALL_STACK);
      thread.start();
      thread.join();

      assertThat(deep.get())
          .isInstanceOf(RenderException.class)
          .hasMessageStartingWith("Deep ns/web: ")
          .hasMessageContaining("the template nests too deeply");
      assertThat(plain.get()).extracting(o -> o.ref().name()).containsExactly("plain");
    }
  }

  private static Map<String, Object> resource(String kind, Map<String, Object> spec) {
    return Map.of(
        "apiVersion",
        "test.example.com/v1",
        "kind",
        kind,
        "metadata",
        Map.of("name", "web", "namespace", "ns"),
        "spec",
        spec);
  }
}
