package io.webserveroperator.testing;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** A private copy of the project's templates, for tests that edit templates. */
public final class TemplateFolder {

  private static final YAMLMapper YAML = new YAMLMapper();

  private TemplateFolder() {}

  /** Copies {@code templates/} into {@code target} and returns the copy. */
  public static Path copyInto(Path target) {
    return copy(Project.file("templates"), target);
  }

  /**
   * Copies {@code templates/} into {@code target} with one kind alone: its watches.yaml entry and
   * its folder, for a test of that kind that another's findings or files would disturb.
   */
  public static Path copyKindInto(Path target, String kind) {
    copyInto(target);
    Path watches = target.resolve("watches.yaml");
    try {
      List<Map<String, Object>> entries =
          YAML.readValue(watches.toFile(), new TypeReference<List<Map<String, Object>>>() {});
      for (Map<String, Object> entry : entries) {
        if (!kind.equals(entry.get("kind"))) {
          delete(target.resolve(String.valueOf(entry.get("templates"))));
        }
      }
      YAML.writeValue(
          watches.toFile(), entries.stream().filter(e -> kind.equals(e.get("kind"))).toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target;
  }

  private static void delete(Path folder) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }

  /** Copies the folder {@code source} into {@code target}, merging, and returns the copy. */
  public static Path copy(Path source, Path target) {
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : files.toList()) {
        Path copy = target.resolve(source.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(copy);
        } else if (Files.exists(copy)) {
          throw new IllegalStateException(copy + " exists already");
        } else {
          Files.copy(file, copy);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target;
  }
}
