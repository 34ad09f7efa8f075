package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.RenderedObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A render that runs out of stack fails its resource with a {@link RenderException}; the error
 * never reaches the thread, which renders the next resource as if nothing happened. The renders run
 * on a thread with a small stack, so that they overflow whatever the JIT makes of the frames:
 * nested blocks overflow in jinjava's own code, nested macro calls inside the calls jinjava makes
 * by reflection, which it records rather than throws.
 */
class StackOverflowTest {

  static final String HEADER = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata:\n";

  /** Includes nested 10 deep, each inside 99 nested blocks (as deep as loading allows). */
  static Map<String, String> blocks() {
    Map<String, String> files = new TreeMap<>();
    files.put("deep.yaml.j2", HEADER + "  v: '{% include '_0.yaml.j2' %}'\n");
    for (int i = 0; i < 10; i++) {
      String inner = i < 9 ? "{% include '_" + (i + 1) + ".yaml.j2' %}" : "x";
      files.put(
          "_" + i + ".yaml.j2", "{% if true %}".repeat(99) + inner + "{% endif %}".repeat(99));
    }
    return files;
  }

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
  void blocksDeeperThanTheStackFailTheirResourceOnly() throws Exception {
    assertDeepFailsAndPlainRenders(blocks(), 256 * 1024);
  }

  @Test
  void macroCallsDeeperThanTheStackFailTheirResourceOnly() throws Exception {
    assertDeepFailsAndPlainRenders(Map.of("deep.yaml.j2", MACROS), 256 * 1024);
  }

  private void assertDeepFailsAndPlainRenders(Map<String, String> deepFiles, long stack)
      throws Exception {
    Files.writeString(
        dir.resolve("watches.yaml"),
        "- {group: test.example.com, version: v1, kind: Deep, templates: deep}\n"
            + "- {group: test.example.com, version: v1, kind: Plain, templates: plain}\n");
    Files.createDirectories(dir.resolve("deep"));
    Files.createDirectories(dir.resolve("plain"));
    for (Map.Entry<String, String> file : deepFiles.entrySet()) {
      Files.writeString(dir.resolve("deep").resolve(file.getKey()), file.getValue());
    }
    Files.writeString(dir.resolve("plain/plain.yaml.j2"), PLAIN);

    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      AtomicReference<Throwable> deep = new AtomicReference<>();
      AtomicReference<List<RenderedObject>> plain = new AtomicReference<>();
      Thread thread =
          new Thread(
              null,
              () -> {
                try {
                  registry.render(registry.watches().get(0), resource("Deep"));
                } catch (Throwable e) {
                  deep.set(e);
                }
                plain.set(registry.render(registry.watches().get(1), resource("Plain")));
              },
              "small-stack",
              stack);
      thread.start();
      thread.join();

      assertThat(deep.get())
          .isInstanceOf(RenderException.class)
          .hasMessageStartingWith("Deep ns/web: deep/deep.yaml.j2")
          .hasMessageContaining("the template nests too deeply");
      assertThat(plain.get()).extracting(o -> o.ref().name()).containsExactly("plain");
    }
  }

  private static Map<String, Object> resource(String kind) {
    return Map.of(
        "apiVersion",
        "test.example.com/v1",
        "kind",
        kind,
        "metadata",
        Map.of("name", "web", "namespace", "ns"));
  }
}
