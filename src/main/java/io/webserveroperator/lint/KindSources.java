package io.webserveroperator.lint;

import io.webserveroperator.OperatorException;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The template files of one watched kind as lint reads them: every {@code *.j2} under its folder
 * (partials and macro files included) and its status template.
 *
 * @param watch the kind
 * @param folder its templates folder, as the user's {@code --templates} names it
 * @param files text by file, each path as the user's {@code --templates} names it, in path order
 */
record KindSources(TemplatedKind watch, Path folder, Map<Path, String> files) {

  KindSources {
    files = Map.copyOf(files);
  }

  /** Reads the files of {@code watch} under {@code templates}; a missing folder reads as none. */
  static KindSources read(Path templates, TemplatedKind watch) {
    Path folder = templates.resolve(watch.templates());
    Map<Path, String> files = new TreeMap<>();
    try {
      if (Files.isDirectory(folder)) {
        try (Stream<Path> walk = Files.walk(folder)) {
          for (Path file : walk.filter(p -> p.toString().endsWith(".j2")).toList()) {
            files.put(file, Files.readString(file));
          }
        }
      }
      if (watch.status().isPresent()) {
        Path status = templates.resolve(watch.status().get());
        if (Files.isRegularFile(status)) {
          files.put(status, Files.readString(status));
        }
      }
    } catch (IOException e) {
      throw new OperatorException("Cannot read the templates in " + folder + ": " + e, e);
    }
    return new KindSources(watch, folder, files);
  }

  /** The top-level {@code *.yaml.j2} files that render objects (not partials), in name order. */
  Map<Path, String> rendered() {
    Map<Path, String> rendered = new TreeMap<>();
    files.forEach(
        (file, text) -> {
          String name = file.getFileName().toString();
          if (folder.equals(file.getParent())
              && name.endsWith(".yaml.j2")
              && !name.startsWith("_")) {
            rendered.put(file, text);
          }
        });
    return rendered;
  }
}
