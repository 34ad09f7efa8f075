package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The fields a status template renders, read from its text. */
class StatusTemplateFieldsTest {

  @Test
  void theWebServersStatusTemplateRendersAvailableReplicasAndSelector() throws IOException {
    String template = Files.readString(Project.file("templates/webserver/_status.yaml.j2"));

    assertThat(StatusTemplateFields.of(template)).containsExactly("availableReplicas", "selector");
  }

  @Test
  void keysInEveryBranchCountAndCommentsTagsAndNestedKeysDoNot() {
    String template =
        """
        {# secret: not a field #}
        {% if spec.primary is defined %}
        primary: {{ spec.primary }}
        endpoints:
          reader: x
        {% else %}
        "quoted": 1
        {% endif %}
        {{ 'hidden' }}: 2
        {%- set x = 1 %}
        """;

    assertThat(StatusTemplateFields.of(template)).containsExactly("primary", "endpoints", "quoted");
  }
}
