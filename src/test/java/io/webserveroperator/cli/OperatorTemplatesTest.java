package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.OperatorException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's copy of the templates in {@code dev}: equal to the originals after each update.
 */
class OperatorTemplatesTest {

  @TempDir Path dir;

  Path write(Path file, String text) throws Exception {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }

  @Test
  void copiesTheTemplatesAndFollowsEditsAdditionsAndRemovals() throws Exception {
    Path source = dir.resolve("templates");
    write(source.resolve("watches.yaml"), "- kind: WebServer\n");
    write(source.resolve("webserver/deployment.yaml.j2"), "kind: Deployment\n");
    write(source.resolve("webserver/service.yaml.j2"), "kind: Service\n");
    write(source.resolve("webserver/tests/web.yaml"), "cases: []\n");

    OperatorTemplates templates = OperatorTemplates.create(source, dir.resolve("copy/templates"));
    Path copy = templates.folder();

    assertThat(copy.resolve("webserver/service.yaml.j2")).hasContent("kind: Service");
    assertThat(copy.resolve("webserver/tests/web.yaml")).hasContent("cases: []");

    Path untouched = copy.resolve("webserver/deployment.yaml.j2");
    FileTime before = FileTime.from(Instant.parse("2020-01-01T00:00:00Z"));
    Files.setLastModifiedTime(untouched, before);
    write(source.resolve("webserver/service.yaml.j2"), "kind: Service # edited\n");
    write(source.resolve("webserver/ingress.yaml.j2"), "kind: Ingress\n");
    Files.delete(source.resolve("webserver/tests/web.yaml"));
    Files.delete(source.resolve("webserver/tests"));

    templates.update();

    assertThat(copy.resolve("webserver/service.yaml.j2")).hasContent("kind: Service # edited");
    assertThat(copy.resolve("webserver/ingress.yaml.j2")).hasContent("kind: Ingress");
    assertThat(copy.resolve("webserver/tests")).doesNotExist();
    assertThat(Files.getLastModifiedTime(untouched))
        .as("an unchanged file is not written, so the operator sees only the edit")
        .isEqualTo(before);
  }

  @Test
  void aMissingFolderIsAnOperatorException() {
    assertThatThrownBy(() -> OperatorTemplates.create(dir.resolve("nope"), dir.resolve("copy")))
        .isInstanceOf(OperatorException.class)
        .hasMessageContaining("Cannot copy the templates")
        .hasMessageContaining("nope");
  }
}
