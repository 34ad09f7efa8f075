package io.webserveroperator.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TemplateLinesTest {

  private static final String TEMPLATE =
      """
      metadata:
        name: x
      spec:
        replicas: 1
        template:
          spec:
            containers:
              - name: a
                image: b
      {% if x %}
                ports: []
      {% endif %}
      """;

  @Test
  void findsTheKeyByItsIndentedPath() {
    assertThat(TemplateLines.lineOf(TEMPLATE, List.of("spec", "replicas"))).isEqualTo(4);
    assertThat(
            TemplateLines.lineOf(
                TEMPLATE, List.of("spec", "template", "spec", "containers", "image")))
        .isEqualTo(9);
    assertThat(
            TemplateLines.lineOf(
                TEMPLATE, List.of("spec", "template", "spec", "containers", "ports")))
        .isEqualTo(11);
  }

  @Test
  void fallsBackToTheDeepestAncestor() {
    assertThat(TemplateLines.lineOf(TEMPLATE, List.of("spec", "selector"))).isEqualTo(3);
    assertThat(TemplateLines.lineOf(TEMPLATE, List.of("status"))).isZero();
  }
}
