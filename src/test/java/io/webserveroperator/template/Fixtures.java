package io.webserveroperator.template;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Test fixtures under src/test/resources/io/webserveroperator/template. */
final class Fixtures {

  static final ObjectMapper YAML = new YAMLMapper();
  static final ObjectMapper JSON = new ObjectMapper();

  private Fixtures() {}

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

  static Watch watch(String folder) {
    return new Watch(
        "webapp.example.com", "v1", "WebServer", folder, Optional.empty(), false, Set.of(), false);
  }
}
