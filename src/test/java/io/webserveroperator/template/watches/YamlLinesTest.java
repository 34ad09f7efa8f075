package io.webserveroperator.template.watches;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class YamlLinesTest {

  private static final String YAML =
      """
      # a comment
      - group: a
        kind: A
        list:
          - one
          - two
      - group: b
      ---
      kind: Second
      """;

  @Test
  void namesTheLineOfKeysAndItemsByPointer() {
    YamlLines lines = YamlLines.of(YAML);

    assertThat(lines.line("/0/0/kind")).isEqualTo(3);
    assertThat(lines.line("/0/0/list/1")).isEqualTo(6);
    assertThat(lines.line("/0/1/group")).isEqualTo(7);
    assertThat(lines.line("/1/kind")).isEqualTo(9);
  }

  @Test
  void aMissingPointerFallsBackToItsAncestor() {
    assertThat(YamlLines.of(YAML).line("/0/1/status")).isEqualTo(7);
    assertThat(YamlLines.of("not: [yaml").line("/0/not")).isZero();
  }
}
