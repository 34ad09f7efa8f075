package io.webserveroperator.templatetest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.RenderedObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Test fixtures under src/test/resources/io/webserveroperator/templatetest. */
final class Fixtures {

  static final YAMLMapper YAML = new YAMLMapper();

  private Fixtures() {}

  /** The objects of {@code rendered.yaml}: a Deployment and a Service, as templates render them. */
  static Rendering rendered() {
    List<RenderedObject> objects = new ArrayList<>();
    try (InputStream in = Fixtures.class.getResourceAsStream("rendered.yaml");
        MappingIterator<Map<String, Object>> documents =
            YAML.readerForMapOf(Object.class).readValues(in)) {
      while (documents.hasNextValue()) {
        Map<String, Object> body = documents.nextValue();
        objects.add(
            new RenderedObject(
                ObjectRef.of(body), body, "webserver/" + body.get("kind") + ".yaml.j2"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Rendering.of(objects);
  }

  /** A fixture's path. */
  static Path path(String relative) {
    try {
      return Path.of(Fixtures.class.getResource(relative).toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("no test fixture " + relative, e);
    }
  }

  /** The assertions of an {@code asserts} list written in YAML. */
  static List<Assertion> assertions(String yaml) {
    try {
      JsonNode items = YAML.readTree(yaml);
      return AssertionReader.read(
          items, DocumentSelector.ANY, "a case", "t.yaml: case \"a case\"", Path.of("t.yaml"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
