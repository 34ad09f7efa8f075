package io.webserveroperator.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** A private copy of the project's templates, for tests that edit templates. */
public final class TemplateFolder {

  private TemplateFolder() {}

  /** Copies {@code templates/} into {@code target} and returns the copy. */
  public static Path copyInto(Path target) {
    return copy(Project.file("templates"), target);
  }

  /**
   * Copies {@code templates/} into {@code target} with one kind alone: its watches.yaml entry, as
   * written, and its folder, for a test of that kind that another's findings or files would
   * disturb.
   */
  public static Path copyKindInto(Path target, String kind) {
    copyInto(target);
    Path watches = target.resolve("watches.yaml");
    try {
      // Entries start at a "- " in the first column; the lines before the first are comments.
      String[] blocks = Files.readString(watches).split("(?m)^(?=- )");
      Pattern ofKind = Pattern.compile("(?m)^-? *kind: " + Pattern.quote(kind) + " *(#.*)?$");
      StringBuilder kept = new StringBuilder(blocks[0].startsWith("- ") ? "" : blocks[0]);
      for (String block : blocks) {
        if (!block.startsWith("- ")) {
          continue;
        }
        if (ofKind.matcher(block).find()) {
          kept.append(block);
        } else {
          Matcher folder = Pattern.compile("(?m)^ *templates: *([^ #\\n]+)").matcher(block);
          if (folder.find()) {
            delete(target.resolve(folder.group(1)));
          }
        }
      }
      Files.writeString(watches, kept.toString());
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
