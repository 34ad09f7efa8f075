package io.webserveroperator.bench.edit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.bench.BenchException;
import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

class TemplateEditTest {

  private static final String CONTAINER =
      """
      containers:
        - name: nginx
          image: {{ spec.image }}
          ports:
            - containerPort: 80
      """;

  @Test
  void firstEditAddsTheVariableAfterTheImageAtItsIndentation() {
    assertThat(TemplateEdit.apply(CONTAINER, 1))
        .isEqualTo(
            """
            containers:
              - name: nginx
                image: {{ spec.image }}
                env:
                  - name: BENCH_TEMPLATE_EDIT
                    value: "1"
                ports:
                  - containerPort: 80
            """);
  }

  @Test
  void laterEditsChangeOnlyTheValue() {
    String first = TemplateEdit.apply(CONTAINER, 1);

    String second = TemplateEdit.apply(first, 2);

    assertThat(second).isEqualTo(first.replace("value: \"1\"", "value: \"2\""));
    assertThat(TemplateEdit.apply(second, 1)).isEqualTo(first);
  }

  @Test
  void theRepositorysDeploymentTemplateCanBeEdited() throws IOException {
    String text = Files.readString(Project.file("templates/webserver/deployment.yaml.j2"));

    assertThat(TemplateEdit.apply(text, 7))
        .contains(
            "image: {{ spec.image }}\n"
                + "          env:\n"
                + "            - name: BENCH_TEMPLATE_EDIT\n"
                + "              value: \"7\"\n"
                + "          ports:");
  }

  @Test
  void aTemplateWithoutAnImageIsRefused() {
    assertThatThrownBy(() -> TemplateEdit.apply("kind: Service\n", 1))
        .isInstanceOf(BenchException.class)
        .hasMessageContaining("no 'image:' line");
  }
}
