package io.webserveroperator.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A private copy of the project's templates, for tests that edit templates. */
public final class TemplateFolder {

  private TemplateFolder() {}

  /** Copies {@code templates/} into {@code target} and returns the copy. */
  public static Path copyInto(Path target) {
    return copy(Project.file("templates"), target);
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
