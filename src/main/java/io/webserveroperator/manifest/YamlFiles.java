package io.webserveroperator.manifest;

import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The manifest files of a folder, as kubectl reads a folder given to {@code -f}. */
public final class YamlFiles {

  private YamlFiles() {}

  /** The {@code *.yaml} and {@code *.yml} files directly in the folder, in name order. */
  public static List<Path> in(Path folder) {
    try (Stream<Path> files = Files.list(folder)) {
      return files
          .filter(Files::isRegularFile)
          .filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".yml"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new OperatorException("Cannot list the folder " + folder + ": " + e, e);
    }
  }
}
