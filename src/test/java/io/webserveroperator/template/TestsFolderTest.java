package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.TemplateFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kind's {@code tests/} folder (template tests and their snapshots) is not templates: the
 * operator loads and renders the same with or without it, even when a test file holds Jinja that
 * would not parse.
 */
class TestsFolderTest {

  @Test
  void templatesRenderTheSameWithOrWithoutTheTestsFolder(@TempDir Path dir) throws IOException {
    Path with = TemplateFolder.copyInto(dir.resolve("with"));
    assertThat(with.resolve("webserver/tests/__snapshots__")).isDirectory();
    Files.writeString(with.resolve("webserver/tests/broken_test.yaml"), "{% if %}\n- : [\n");
    Path without = TemplateFolder.copyInto(dir.resolve("without"));
    delete(without.resolve("webserver/tests"));

    assertThat(render(with)).isEqualTo(render(without)).hasSize(4);
  }

  private static List<Map<String, Object>> render(Path templates) {
    Map<String, Object> spec =
        Map.of(
            "image",
            "nginx",
            "replicas",
            1,
            "content",
            Map.of("index.html", "hi"),
            "ingress",
            Map.of("host", "shop.example.com"));
    try (TemplateRegistry registry = TemplateRegistry.load(templates.resolve("watches.yaml"))) {
      TemplatedKind watch = registry.watches().get(0);
      assertThat(registry.loadFailure(watch)).isEmpty();
      return registry.render(watch, WebServerTemplatesTest.webServer(spec, true)).stream()
          .map(RenderedObject::body)
          .toList();
    }
  }

  private static void delete(Path folder) throws IOException {
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
