package io.webserveroperator.lint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.manifest.JsonPointer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SchemaPointersTest {

  private static final SchemaPointers SCHEMA = new SchemaPointers(read());

  private static JsonNode read() {
    try {
      return new YAMLMapper()
          .readTree(
              """
              $ref: '#/components/schemas/Thing'
              components:
                schemas:
                  Thing:
                    type: object
                    properties:
                      spec: {allOf: [{$ref: '#/components/schemas/Spec'}]}
                      extra: {type: object, x-kubernetes-preserve-unknown-fields: true}
                  Spec:
                    type: object
                    properties:
                      size: {type: integer}
                      labels: {type: object, additionalProperties: {type: string}}
                      ports:
                        type: array
                        items: {type: object, properties: {port: {type: integer}}}
              """);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Optional<SchemaPointers.Miss> miss(String pointer) {
    return SCHEMA.miss(JsonPointer.parse(pointer));
  }

  @Test
  void followsRefsAllOfItemsMapValuesAndPreservedFields() {
    assertThat(miss("/spec/size")).isEmpty();
    assertThat(miss("/spec/labels/a~1b")).isEmpty();
    assertThat(miss("/spec/ports/3/port")).isEmpty();
    assertThat(miss("/extra/anything/below")).isEmpty();
  }

  @Test
  void namesWhereThePointerLeavesTheSchema() {
    assertThat(miss("/spec/sise/x"))
        .contains(new SchemaPointers.Miss("/spec/sise", "did you mean /spec/size?"));
    assertThat(miss("/spec/ports/0/prot"))
        .contains(
            new SchemaPointers.Miss("/spec/ports/0/prot", "did you mean /spec/ports/0/port?"));
    assertThat(miss("/spec/size/x"))
        .contains(new SchemaPointers.Miss("/spec/size/x", "/spec/size has no fields"));
  }
}
