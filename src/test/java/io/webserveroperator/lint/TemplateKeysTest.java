package io.webserveroperator.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;

class TemplateKeysTest {

  @Test
  void givesEachKeyItsPathDocumentAndValue() {
    String template =
        """
        kind: ConfigMap
        metadata:
          annotations:
            "example.com/a": '{{ x }}'
        {% if y %}
            example.com/b: two # a comment
        {% endif %}
        data:
          - name: c
        ---
        kind: Service
        """;

    assertThat(TemplateKeys.of(template))
        .extracting(
            TemplateKeys.Key::line,
            TemplateKeys.Key::document,
            TemplateKeys.Key::path,
            TemplateKeys.Key::value)
        .containsExactly(
            tuple(1, 0, List.of("kind"), "ConfigMap"),
            tuple(2, 0, List.of("metadata"), ""),
            tuple(3, 0, List.of("metadata", "annotations"), ""),
            tuple(4, 0, List.of("metadata", "annotations", "example.com/a"), "'{{ x }}'"),
            tuple(6, 0, List.of("metadata", "annotations", "example.com/b"), "two # a comment"),
            tuple(8, 0, List.of("data"), ""),
            tuple(9, 0, List.of("data", "name"), "c"),
            tuple(11, 1, List.of("kind"), "Service"));
  }

  @Test
  void skipsJinjaComments() {
    String template = "{# an example:\nmetadata:\n  name: x #}\nkind: Service\n";

    assertThat(TemplateKeys.of(template))
        .singleElement()
        .satisfies(key -> assertThat(key.line()).isEqualTo(4));
  }

  @Test
  void commentMarksInsideStringsStartNoComment() {
    String template =
        """
        a: '{{ "{#" }}'
        b: 1
        c: '{{ "#}" }}'
        """;

    assertThat(TemplateKeys.of(template))
        .extracting(TemplateKeys.Key::name)
        .containsExactly("a", "b", "c");
  }
}
