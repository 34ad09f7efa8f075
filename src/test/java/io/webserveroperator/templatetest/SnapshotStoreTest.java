package io.webserveroperator.templatetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Snapshots are written on the first run, compared afterwards, and replaced when updating. */
class SnapshotStoreTest {

  @TempDir Path dir;

  private Path testFile() {
    return dir.resolve("web_test.yaml");
  }

  private Path snapFile() {
    return dir.resolve("__snapshots__/web_test.yaml.snap");
  }

  @Test
  void writesANewSnapshotBesideTheTestFile() throws IOException {
    SnapshotStore store = SnapshotStore.of(testFile(), false);
    store.match("a case", "kind: Service\nname: web\n");

    assertThat(store.save()).isTrue();
    assertThat(Files.readString(snapFile())).isEqualTo("a case: |\n  kind: Service\n  name: web\n");
  }

  @Test
  void comparesAStoredSnapshotAndShowsADiff() {
    SnapshotStore first = SnapshotStore.of(testFile(), false);
    first.match("a case", "kind: Service\nport: 80\n");
    first.save();

    SnapshotStore same = SnapshotStore.of(testFile(), false);
    same.match("a case", "kind: Service\nport: 80\n");
    assertThat(same.save()).isFalse();

    SnapshotStore changed = SnapshotStore.of(testFile(), false);
    assertThatThrownBy(() -> changed.match("a case", "kind: Service\nport: 81\n"))
        .isInstanceOf(AssertionFailure.class)
        .hasMessageContaining("differs from the snapshot \"a case\" in " + snapFile())
        .hasMessageContaining("run test --update-snapshots")
        .hasMessageContaining("-port: 80\n    +port: 81");
    assertThat(changed.save()).isFalse();
  }

  @Test
  void updatingReplacesChangedSnapshotsAndDropsUnusedOnes() throws IOException {
    SnapshotStore first = SnapshotStore.of(testFile(), false);
    first.match("kept", "port: 80\n");
    first.match("gone", "x: 1\n");
    first.save();

    SnapshotStore update = SnapshotStore.of(testFile(), true);
    update.match("kept", "port: 81\n");
    assertThat(update.save()).isTrue();

    assertThat(Files.readString(snapFile())).isEqualTo("kept: |\n  port: 81\n");
  }

  @Test
  void anUnreadableSnapshotFileSaysToDeleteIt() throws IOException {
    Files.createDirectories(snapFile().getParent());
    Files.writeString(snapFile(), "- not a map\n");

    assertThatThrownBy(() -> SnapshotStore.of(testFile(), false))
        .isInstanceOf(TemplateTestException.class)
        .hasMessageContaining("Cannot read the snapshots in " + snapFile())
        .hasMessageContaining("Delete the file");
  }
}
