package io.webserveroperator.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.template.KindFolder;
import io.webserveroperator.templatetest.TemplateTestRunner;
import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The chart's copies of the templates and the CRDs ({@code charts/webserver-operator/files/}) are
 * what {@code hack/chart-files.sh} makes of {@code templates/} and {@code crds/}: the same files,
 * byte for byte, without kustomization.yaml and the kinds' tests and simple schemas (which
 * deploy/'s ConfigMap leaves out too).
 */
class ChartFilesTest {

  static final Path FILES = Project.file("charts/webserver-operator/files");
  static final String RUN = "; run hack/chart-files.sh after editing templates/ or crds/";

  @Test
  void theChartShipsTheProjectsTemplates() {
    Predicate<String> shipped =
        path ->
            !path.equals("kustomization.yaml")
                && !path.matches("[^/]+/" + TemplateTestRunner.TESTS + "/.*")
                && !path.matches("[^/]+/" + KindFolder.SCHEMA);
    assertThat(files(FILES.resolve("templates"), path -> true))
        .as("charts/webserver-operator/files/templates" + RUN)
        .isEqualTo(files(Project.file("templates"), shipped));
  }

  @Test
  void theChartShipsTheProjectsCrds() {
    assertThat(files(FILES.resolve("crds"), path -> true))
        .as("charts/webserver-operator/files/crds" + RUN)
        .isEqualTo(files(Project.file("crds"), path -> true));
  }

  /** Every file below {@code root} that {@code included} keeps: its text by relative path. */
  private static Map<String, String> files(Path root, Predicate<String> included) {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path file : paths.filter(Files::isRegularFile).toList()) {
        String path = root.relativize(file).toString().replace('\\', '/');
        if (included.test(path)) {
          files.put(path, Files.readString(file));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }
}
