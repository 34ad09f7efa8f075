package io.webserveroperator.kind;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** docs/simple-schema.md describes every marker there is, in its table of markers. */
class SimpleSchemaDocTest {

  @Test
  void theMarkerTableHasARowForEveryMarker() throws IOException {
    String doc = Files.readString(Project.file("docs/simple-schema.md"));
    String table = doc.substring(doc.indexOf("## Markers"), doc.indexOf("## What the API server"));

    for (Marker marker : Marker.values()) {
      assertThat(table).as(marker.key()).containsPattern("(?m)^\\| [^|]*`" + marker.key() + "`");
    }
  }
}
