package io.webserveroperator.lint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class FindingsReportTest {

  private static final List<Finding> FINDINGS =
      List.of(
          Finding.error("templates/a.yaml.j2", 3, "spec.x is not in A's schema"),
          Finding.warning("crds/a.yaml", 0, "no line"));

  @Test
  void textIsFileLineLevelMessageThenACount() {
    assertThat(FindingsReport.text(FINDINGS))
        .isEqualTo(
            "templates/a.yaml.j2:3: error: spec.x is not in A's schema\n"
                + "crds/a.yaml: warning: no line\n"
                + "1 error, 1 warning\n");
  }

  @Test
  void jsonHasEveryFieldAndTheCounts() throws Exception {
    JsonNode json = new ObjectMapper().readTree(FindingsReport.json(FINDINGS));

    assertThat(json.path("errors").asInt()).isEqualTo(1);
    assertThat(json.path("warnings").asInt()).isEqualTo(1);
    JsonNode first = json.path("findings").get(0);
    assertThat(first.path("file").asText()).isEqualTo("templates/a.yaml.j2");
    assertThat(first.path("line").asInt()).isEqualTo(3);
    assertThat(first.path("level").asText()).isEqualTo("error");
    assertThat(first.path("message").asText()).isEqualTo("spec.x is not in A's schema");
  }

  @Test
  void notesAreCountedApartAndOnlyWhenThere() throws Exception {
    List<Finding> withNote =
        List.of(FINDINGS.get(0), FINDINGS.get(1), Finding.note("deploy", 0, "RBAC not checked"));

    assertThat(FindingsReport.text(withNote))
        .endsWith("deploy: note: RBAC not checked\n1 error, 1 warning, 1 note\n");
    JsonNode json = new ObjectMapper().readTree(FindingsReport.json(withNote));
    assertThat(json.path("warnings").asInt()).isEqualTo(1);
    assertThat(json.path("notes").asInt()).isEqualTo(1);
    assertThat(FindingsReport.hasErrors(withNote.subList(1, 3))).isFalse();
  }

  @Test
  void onlyErrorsFail() {
    assertThat(FindingsReport.hasErrors(FINDINGS)).isTrue();
    assertThat(FindingsReport.hasErrors(FINDINGS.subList(1, 2))).isFalse();
  }
}
