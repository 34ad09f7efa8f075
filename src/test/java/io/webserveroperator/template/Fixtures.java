package io.webserveroperator.template;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Test fixtures under src/test/resources/io/webserveroperator/template. */
public final class Fixtures {

  public static final ObjectMapper YAML = new YAMLMapper();
  static final ObjectMapper JSON = new ObjectMapper();

  private Fixtures() {}

  /** The readiness rules of the kind's current templates. */
  static ReadinessRules readiness(TemplateRegistry registry, TemplatedKind watch) {
    return registry.resolve(watch, Optional.empty(), "a test resource").readiness();
  }

  /** The kind's current templates, or those of the revision {@code hash}, parsed. */
  static ParsedRevision revision(TemplateRegistry registry, TemplatedKind watch, String hash) {
    return registry.resolve(watch, Optional.ofNullable(hash), "a test resource");
  }

  /** A resource {@code ns/web} of {@code kind} in {@code test.example.com/v1}, without a spec. */
  static Map<String, Object> resource(String kind) {
    return Map.of(
        "apiVersion",
        "test.example.com/v1",
        "kind",
        kind,
        "metadata",
        Map.of("name", "web", "namespace", "ns"));
  }

  /**
   * Writes a templates folder for one kind ({@code test.example.com/v1}, folder named as the kind
   * in lower case) holding {@code files}, and renders a resource {@code ns/web} of it with {@code
   * spec}.
   *
   * @throws RenderException as rendering fails
   */
  static List<RenderedObject> renderOneKind(
      Path dir, String kind, Map<String, String> files, Map<String, Object> spec)
      throws IOException {
    String folder = kind.toLowerCase(Locale.ROOT);
    Path templates = Files.createDirectories(dir.resolve(folder));
    Files.writeString(
        dir.resolve("watches.yaml"),
        "- {group: test.example.com, version: v1, kind: "
            + kind
            + ", templates: "
            + folder
            + "}\n");
    for (Map.Entry<String, String> file : files.entrySet()) {
      Files.writeString(templates.resolve(file.getKey()), file.getValue());
    }
    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      return registry.render(
          registry.watches().get(0),
          Map.of(
              "apiVersion",
              "test.example.com/v1",
              "kind",
              kind,
              "metadata",
              Map.of("name", "web", "namespace", "ns"),
              "spec",
              spec));
    }
  }

  static Path path(String relative) {
    try {
      return Path.of(Fixtures.class.getResource(relative).toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("no test fixture " + relative, e);
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> yaml(String relative) {
    try {
      return YAML.readValue(path(relative).toFile(), Map.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static TemplatedKind watch(String folder) {
    return TemplatedKind.of("webapp.example.com", "v1", "WebServer", folder);
  }
}
