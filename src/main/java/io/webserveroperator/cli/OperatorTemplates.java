package io.webserveroperator.cli;

import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The copy of the templates that the operator in {@code dev} runs with. {@code dev} watches the
 * originals and updates the copy only after it has previewed an edit ({@link PrunePreview}): the
 * operator would otherwise reload the edit at the same moment and prune before the preview could
 * see what it prunes. Not thread-safe; {@code dev} updates it from the watcher's thread only.
 */
final class OperatorTemplates {

  private final Path source;
  private final Path copy;

  private OperatorTemplates(Path source, Path copy) {
    this.source = Objects.requireNonNull(source, "source");
    this.copy = Objects.requireNonNull(copy, "copy");
  }

  /**
   * Copies {@code source} into {@code copy}, which need not exist yet.
   *
   * @throws OperatorException when a file cannot be read or written
   */
  static OperatorTemplates create(Path source, Path copy) {
    OperatorTemplates templates = new OperatorTemplates(source, copy);
    templates.update();
    return templates;
  }

  /** The copy: the operator's {@code --templates}. */
  Path folder() {
    return copy;
  }

  /**
   * Makes the copy equal to the originals: writes every file that differs, following links, and
   * removes what the originals no longer have. Blocks until done.
   *
   * @throws OperatorException when a file cannot be read or written
   */
  void update() {
    try {
      Set<String> present = new HashSet<>();
      for (Path file : walk(source, FileVisitOption.FOLLOW_LINKS)) {
        String relative = source.relativize(file).toString();
        present.add(relative);
        Path target = copy.resolve(relative);
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else if (!Files.isRegularFile(target) || Files.mismatch(file, target) != -1) {
          Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
      List<Path> copied = walk(copy);
      copied.sort(Comparator.reverseOrder());
      for (Path file : copied) {
        if (!present.contains(copy.relativize(file).toString())) {
          Files.delete(file);
        }
      }
    } catch (IOException e) {
      throw new OperatorException(
          "Cannot copy the templates " + source + " to the operator's folder " + copy + ": " + e,
          e);
    }
  }

  private static List<Path> walk(Path folder, FileVisitOption... options) throws IOException {
    try (Stream<Path> files = Files.walk(folder, options)) {
      return files.collect(Collectors.toCollection(ArrayList::new));
    }
  }
}
