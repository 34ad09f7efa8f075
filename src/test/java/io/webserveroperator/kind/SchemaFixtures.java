package io.webserveroperator.kind;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The schema files under this package's test resources. */
final class SchemaFixtures {

  private SchemaFixtures() {}

  static String text(String name) {
    try (InputStream in = SchemaFixtures.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static KindSchema postgres() {
    return SimpleSchema.read("schema.yaml", text("postgres-schema.yaml"), null);
  }
}
