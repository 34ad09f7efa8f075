package io.webserveroperator.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.webserveroperator.dev.KubeBinaries;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.ProjectCopy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/your-own-kind.md, run as a reader would run it: every {@code ```bash} block in order, with
 * bash, in a copy of the project with the built jar and the pinned kubectl on the PATH. A block
 * after {@code <!-- guide-test: skip (why) -->} is left out; one after {@code <!-- guide-test: in
 * the background until "TEXT" -->} runs in the background (a second terminal) until its output
 * shows TEXT, and is stopped at the end. The {@code export} lines of a block hold for the blocks
 * after it, as in one terminal. A block that fails fails the test with its output.
 */
class GuideIT {

  private static final Path GUIDE = Project.file("docs/your-own-kind.md");
  private static final Duration BLOCK_TIMEOUT = Duration.ofMinutes(10);
  private static final Duration BACKGROUND_READY = Duration.ofMinutes(5);
  private static final Pattern FENCE =
      Pattern.compile("(?ms)(?:<!-- guide-test: ([^\\n]*?) -->\\n)?^```bash\\n(.*?)^```$");
  private static final Pattern UNTIL = Pattern.compile("in the background until \"([^\"]+)\"");

  /** One block of the guide, as it is to be run. */
  record Block(String code, String directive, int line) {

    boolean skipped() {
      return directive != null && directive.startsWith("skip");
    }

    String backgroundUntil() {
      if (directive == null) {
        return null;
      }
      Matcher until = UNTIL.matcher(directive);
      return until.find() ? until.group(1) : null;
    }
  }

  @TempDir Path dir;
  final List<Process> background = new ArrayList<>();

  @AfterEach
  void stopBackground() throws InterruptedException {
    for (Process process : background) {
      process.destroy();
      if (!process.waitFor(90, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    }
  }

  @Test
  void theGuidesCommandsRunInOrder() throws Exception {
    LocalClusterBinaries.assumePresent();
    Path jar = Project.file("target/webserver-operator.jar");
    assumeTrue(Files.exists(jar), "the jar is built by ./mvnw package, before the ITs");
    Path project = ProjectCopy.into(dir.resolve("project"));
    Files.createDirectories(project.resolve("target"));
    Files.createSymbolicLink(project.resolve("target/webserver-operator.jar"), jar);
    String path =
        KubeBinaries.forBuildVersion().kubectl().getParent() + ":" + System.getenv("PATH");

    List<Block> blocks = blocks(Files.readString(GUIDE));
    assertThat(blocks).as("the guide's bash blocks").hasSizeGreaterThan(10);
    StringBuilder exports = new StringBuilder();
    List<String> outputs = new ArrayList<>();
    for (Block block : blocks) {
      if (block.skipped()) {
        continue;
      }
      if (block.backgroundUntil() != null) {
        startInBackground(block, project, path);
        continue;
      }
      String output = run(exports + block.code(), block, project, path);
      outputs.add(output);
      block
          .code()
          .lines()
          .filter(l -> l.startsWith("export "))
          .forEach(l -> exports.append(l).append('\n'));
    }

    String all = String.join("\n", outputs);
    assertThat(all)
        .contains("created crds/cache.example.com_memcacheds.yaml")
        .contains("updated crds/cache.example.com_memcacheds.yaml")
        .contains("0 errors, 0 warnings")
        .contains("memcached-sample")
        .contains("CustomResourceDefinition memcacheds.cache.example.com (UPDATE)")
        .contains("diff: exit code 1 (1: there are differences)");
    assertThat(all).containsPattern("(?m)^[0-9]+ passed, 0 failed$");
  }

  private String run(String code, Block block, Path project, String path) throws Exception {
    Path output = Files.createTempFile(dir, "block", ".log");
    ProcessBuilder builder =
        new ProcessBuilder("bash", "-euo", "pipefail", "-c", code)
            .directory(project.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile());
    environment(builder.environment(), path);
    Process process = builder.start();
    boolean done = process.waitFor(BLOCK_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    String text = Files.readString(output);
    System.out.printf("guide: the block at line %d:%n%s%n", block.line(), text);
    if (!done) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
    assertThat(done && process.exitValue() == 0)
        .as(
            "the block at docs/your-own-kind.md:%d %s:%n%s%n--- its output:%n%s",
            block.line(),
            done ? "exited " + process.exitValue() : "did not finish",
            block.code(),
            text)
        .isTrue();
    return text;
  }

  private void startInBackground(Block block, Path project, String path) throws Exception {
    Path output = dir.resolve("background-" + block.line() + ".log");
    ProcessBuilder builder =
        new ProcessBuilder("bash", "-c", "exec " + block.code().strip())
            .directory(project.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile());
    environment(builder.environment(), path);
    Process process = builder.start();
    background.add(process);
    Instant deadline = Instant.now().plus(BACKGROUND_READY);
    while (!Files.readString(output).contains(block.backgroundUntil())) {
      assertThat(process.isAlive())
          .as(
              "the background block at line %d stopped:%n%s",
              block.line(), Files.readString(output))
          .isTrue();
      assertThat(Instant.now())
          .as(
              "the background block at line %d is not ready:%n%s",
              block.line(), Files.readString(output))
          .isBefore(deadline);
      Thread.sleep(500);
    }
  }

  private static void environment(Map<String, String> env, String path) {
    env.put("PATH", path);
    env.remove("KUBECONFIG");
    env.remove("WSO_TEMPLATES");
  }

  /** The guide's bash blocks in order, each with the directive before it and its line. */
  static List<Block> blocks(String markdown) {
    List<Block> blocks = new ArrayList<>();
    Matcher fence = FENCE.matcher(markdown);
    while (fence.find()) {
      int line = (int) markdown.substring(0, fence.start(2)).chars().filter(c -> c == '\n').count();
      blocks.add(new Block(fence.group(2), fence.group(1), line));
    }
    return blocks;
  }
}
