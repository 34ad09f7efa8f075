package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.OperatorException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResourceFilesTest {

  static final InputStream NO_STDIN = InputStream.nullInputStream();

  @TempDir Path temp;

  @Test
  void folderIsReadYamlFileByFileInNameOrder() throws IOException {
    Files.writeString(temp.resolve("b.yaml"), "kind: B\n---\nkind: C\n");
    Files.writeString(temp.resolve("a.yml"), "kind: A\n");
    Files.writeString(temp.resolve("readme.txt"), "not YAML: [");

    var resources = ResourceFiles.read(temp.toString(), NO_STDIN);

    assertThat(resources).extracting(r -> r.body().get("kind")).containsExactly("A", "B", "C");
    assertThat(resources.get(0).source()).endsWith("a.yml");
  }

  @Test
  void dashReadsStdinAndSkipsEmptyDocuments() {
    InputStream stdin =
        new ByteArrayInputStream(
            "---\nkind: A\n---\n---\nkind: B\n".getBytes(StandardCharsets.UTF_8));

    var resources = ResourceFiles.read("-", stdin);

    assertThat(resources).extracting(r -> r.body().get("kind")).containsExactly("A", "B");
    assertThat(resources).allSatisfy(r -> assertThat(r.source()).isEqualTo("-"));
  }

  @Test
  void documentThatIsNotAMapIsRefusedWithFileAndIndex() throws IOException {
    Path file = Files.writeString(temp.resolve("list.yaml"), "kind: A\n---\n- a\n- b\n");

    assertThatThrownBy(() -> ResourceFiles.read(file.toString(), NO_STDIN))
        .isInstanceOf(OperatorException.class)
        .hasMessageStartingWith(file + " document 2 is not a Kubernetes object (a YAML map).");
  }
}
