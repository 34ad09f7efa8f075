package io.webserveroperator.templatetest;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.diff.DiffOptions;
import io.webserveroperator.diff.UnifiedDiff;
import io.webserveroperator.manifest.ManifestYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The snapshots of one test file, kept in {@code tests/__snapshots__/<test file>.snap} as a YAML
 * map from snapshot name to the text rendered. A snapshot not yet stored is written; a stored one
 * is compared, or replaced when updating. Not thread-safe: one per test file, used by one run.
 */
final class SnapshotStore {

  static final String FOLDER = "__snapshots__";

  private static final YAMLMapper YAML = new YAMLMapper();
  private static final UnifiedDiff DIFF = new UnifiedDiff(DiffOptions.defaults());

  private final Path file;
  private final boolean update;
  private final Map<String, String> stored;

  /** What each snapshot used in this run is to hold: the render when new or updating. */
  private final Map<String, String> seen = new LinkedHashMap<>();

  private SnapshotStore(Path file, boolean update, Map<String, String> stored) {
    this.file = file;
    this.update = update;
    this.stored = stored;
  }

  /**
   * The snapshots of {@code testFile}.
   *
   * @param update whether to replace stored snapshots that differ instead of failing
   * @throws TemplateTestException when the snapshot file exists but cannot be read
   */
  static SnapshotStore of(Path testFile, boolean update) {
    Path file = testFile.resolveSibling(FOLDER).resolve(testFile.getFileName() + ".snap");
    Map<String, String> stored = new TreeMap<>();
    if (Files.exists(file)) {
      try {
        Map<String, String> read =
            YAML.readValue(file.toFile(), new TypeReference<Map<String, String>>() {});
        if (read != null) {
          stored.putAll(read);
        }
      } catch (IOException e) {
        throw new TemplateTestException(
            "Cannot read the snapshots in "
                + file
                + ": "
                + e.getMessage()
                + ". Delete the file to write it again.",
            e);
      }
    }
    return new SnapshotStore(file, update, stored);
  }

  Path file() {
    return file;
  }

  /**
   * Compares a render with its snapshot: passes when they are the same, when there is none yet (it
   * is written by {@link #save}), or when updating.
   *
   * @throws AssertionFailure with a diff from the snapshot to the render
   */
  void match(String name, String rendered) {
    String snapshot = stored.get(name);
    if (snapshot == null || update || snapshot.equals(rendered)) {
      seen.put(name, rendered);
      return;
    }
    seen.put(name, snapshot);
    throw new AssertionFailure(
        "the render differs from the snapshot \""
            + name
            + "\" in "
            + file
            + "; if the change is meant, run test --update-snapshots:\n"
            + JsonValues.indent(DIFF.text("snapshot", "rendered", snapshot, rendered)));
  }

  /**
   * Writes the file when a snapshot is new or, when updating, when any changed or is no longer
   * used.
   *
   * @return whether the file was written
   * @throws TemplateTestException when it cannot be written
   */
  boolean save() {
    Map<String, String> next = new TreeMap<>(update ? Map.of() : stored);
    next.putAll(seen);
    if (next.equals(stored)) {
      return false;
    }
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, ManifestYaml.writer().writeValueAsString(next));
    } catch (IOException e) {
      throw new TemplateTestException("Cannot write the snapshots to " + file + ": " + e, e);
    }
    return true;
  }
}
