package io.webserveroperator;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Sizes a reader can hold in their head: no package of more than 30 classes, no file of 500 lines.
 */
class SourceSizeTest {

  /** The operator's sources and the benchmark's (bench/, a module of its own). */
  private static final List<Path> MAIN =
      List.of(Project.file("src/main/java"), Project.file("bench/src/main/java"));

  @Test
  void noPackageHoldsMoreThanThirtyClasses() throws IOException {
    Map<Path, Long> classesPerPackage;
    try (Stream<Path> files = sources()) {
      classesPerPackage =
          files.collect(Collectors.groupingBy(Path::getParent, Collectors.counting()));
    }
    assertThat(classesPerPackage)
        .allSatisfy((folder, count) -> assertThat(count).as("%s", folder).isLessThanOrEqualTo(30));
  }

  @Test
  void noFileHasMoreThanFiveHundredLines() throws IOException {
    List<Path> files;
    try (Stream<Path> sources = sources()) {
      files = sources.toList();
    }
    assertThat(files)
        .isNotEmpty()
        .allSatisfy(
            file ->
                assertThat(Files.readAllLines(file)).as("%s", file).hasSizeLessThanOrEqualTo(500));
  }

  private static Stream<Path> sources() throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path folder : MAIN) {
      try (Stream<Path> walk = Files.walk(folder)) {
        walk.filter(file -> file.toString().endsWith(".java"))
            .filter(file -> !file.getFileName().toString().equals("package-info.java"))
            .forEach(files::add);
      }
    }
    return files.stream();
  }
}
