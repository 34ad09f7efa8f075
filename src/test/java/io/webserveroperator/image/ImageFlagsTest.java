package io.webserveroperator.image;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The operator's JVMs that the integration tests and the benchmark start ({@link OperatorProcess})
 * run with the image's flags and environment, so that what they measure is what the image runs.
 */
class ImageFlagsTest {

  @Test
  void benchmarkRunsTheOperatorWithTheImagesJvmFlags() throws IOException {
    String dockerfile = Files.readString(Project.file("Dockerfile"));
    List<String> entrypointFlags =
        Pattern.compile("\"(-[XD][^\"]+)\"")
            .matcher(dockerfile.substring(dockerfile.indexOf("ENTRYPOINT")))
            .results()
            .map(match -> match.group(1))
            .toList();

    assertThat(entrypointFlags).startsWith(OperatorProcess.IMAGE_JVM_FLAGS.toArray(String[]::new));
  }

  @Test
  void benchmarkRunsTheOperatorWithTheImagesEnvironment() throws IOException {
    String dockerfile = Files.readString(Project.file("Dockerfile"));

    OperatorProcess.IMAGE_ENVIRONMENT.forEach(
        (name, value) -> assertThat(dockerfile).contains("\nENV " + name + "=" + value + "\n"));
  }
}
