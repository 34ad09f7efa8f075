package io.webserveroperator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Sizes a reader can hold in their head: no package of more than 30 classes, no file of 500 lines.
 */
class SourceSizeTest {

  private static final Path MAIN = Path.of("src/main/java");

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
    return Files.walk(MAIN)
        .filter(file -> file.toString().endsWith(".java"))
        .filter(file -> !file.getFileName().toString().equals("package-info.java"));
  }
}
