package io.webserveroperator.kind;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CrdGeneratorTest {

  private static final ObjectMapper YAML = new YAMLMapper();

  @Test
  void stringsThatLookLikeNumbersOrBooleansStayStringsInTheCrdFile() throws Exception {
    KindSchema schema =
        SimpleSchema.read(
            "schema.yaml",
            """
            apiVersion: v1
            kind: Postgres
            group: db.example.com
            spec:
              version: string | default="16" pattern="^[0-9]+$"
              ratio: string | default="1.5"
              flag: string | default="true" enum="true,false"
              nothing: string | default="null"
            """,
            null);

    String file = CrdGenerator.yaml(schema, "templates/postgres/schema.yaml");

    @SuppressWarnings("unchecked")
    Map<String, Object> read = YAML.readValue(file, Map.class);
    assertThat(read)
        .as(file)
        .isEqualTo(YAML.convertValue(CrdGenerator.generate(schema), Map.class));
    assertThat(file).contains("default: \"16\"\n", "default: \"1.5\"\n");
  }
}
