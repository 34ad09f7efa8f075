package io.webserveroperator.lint;

import static io.webserveroperator.lint.LintFixtures.FIXTURES;
import static io.webserveroperator.lint.LintFixtures.lintWithProjectFiles;
import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.TemplateFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lint of the rollout policies in watches.yaml: a malformed one is an error at the line of the key
 * or value at fault, as the operator reports it when the kind fails to load.
 */
class LintRolloutTest {

  static final Path ROLLOUT = FIXTURES.resolve("rollout");

  @TempDir Path dir;
  Path templates;

  @BeforeEach
  void projectTemplates() {
    templates = TemplateFolder.copyInto(dir.resolve("templates"));
  }

  /** The findings of lint, with {@code watches} as watches.yaml. */
  private List<Finding> lintWatches(String watches) throws IOException {
    Files.copy(
        ROLLOUT.resolve(watches),
        templates.resolve("watches.yaml"),
        StandardCopyOption.REPLACE_EXISTING);
    return lintWithProjectFiles(templates);
  }

  private static int lineOf(String watches, String text) throws IOException {
    return Files.readAllLines(ROLLOUT.resolve(watches)).stream()
            .takeWhile(line -> !line.contains(text))
            .toList()
            .size()
        + 1;
  }

  @Test
  void aWellFormedRolloutHasNoFinding() throws IOException {
    assertThat(lintWatches("watches-good.yaml")).isEmpty();
  }

  @Test
  void aStepOutOfRangeIsAnErrorAtItsLine() throws IOException {
    assertThat(lintWatches("watches-bad-step.yaml"))
        .containsExactly(
            Finding.error(
                templates.resolve("watches.yaml").toString(),
                lineOf("watches-bad-step.yaml", "\"0%\""),
                "rollout.steps: \"0%\" must be a percentage above 0 and at most 100"));
  }

  @Test
  void anUnknownKeyIsAnErrorAtItsLine() throws IOException {
    assertThat(lintWatches("watches-unknown-key.yaml"))
        .containsExactly(
            Finding.error(
                templates.resolve("watches.yaml").toString(),
                lineOf("watches-unknown-key.yaml", "maxUnavailable: 1"),
                "rollout has an unknown key 'maxUnavailable'; the keys are [maxUnready,"
                    + " progressDeadline, steps]"));
  }
}
