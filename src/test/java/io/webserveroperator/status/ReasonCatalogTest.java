package io.webserveroperator.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** docs/conditions-and-events.md lists every {@link Reason}, as the code defines it. */
class ReasonCatalogTest {

  private static final String BEGIN = "<!-- reasons: generated from status.Reason -->";
  private static final String END = "<!-- end of reasons -->";

  @Test
  void theDocsListEveryReasonWithItsUseAndMeaning() throws IOException {
    String doc = Files.readString(Project.file("docs/conditions-and-events.md"));
    String listed = doc.substring(doc.indexOf(BEGIN) + BEGIN.length(), doc.indexOf(END)).strip();

    assertThat(listed)
        .as("the table between the markers; paste the expected one when a reason changes")
        .isEqualTo(table());
  }

  @Test
  void everyReasonIsSpelledOnce() {
    assertThat(Arrays.stream(Reason.values()).map(Reason::text).distinct())
        .hasSize(Reason.values().length);
  }

  private static String table() {
    return "| reason | on | meaning |\n| --- | --- | --- |\n"
        + Arrays.stream(Reason.values())
            .map(
                reason ->
                    "| `"
                        + reason.text()
                        + "` | "
                        + reason.use().name().toLowerCase(Locale.ROOT).replace("both", "both")
                        + " | "
                        + reason.meaning()
                        + " |")
            .collect(Collectors.joining("\n"));
  }
}
