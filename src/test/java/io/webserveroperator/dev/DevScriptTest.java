package io.webserveroperator.dev;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.Project;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hack/dev.sh} says what it does before each step, so that the minute Maven runs quiet is
 * not a silent one: run in a copy of the project whose {@code mvnw}, {@code kube-binaries.sh} and
 * {@code java} are stand-ins, the build step is announced while the build still runs.
 */
class DevScriptTest {

  @TempDir Path project;

  @Test
  void announcesEachStepBeforeItRuns() throws Exception {
    Path released = project.resolve("maven-may-finish");
    Files.createDirectories(project.resolve("hack"));
    Files.copy(Project.file("hack/dev.sh"), project.resolve("hack/dev.sh"));
    // The build waits until the test has read the first line (or 20 s, when that line never came
    // before the build's own output).
    script(
        "mvnw",
        "for i in $(seq 200); do [ -e '"
            + released
            + "' ] && break; sleep 0.1; done\necho built >&2");
    script("hack/kube-binaries.sh", "echo kube-binaries: all present\necho /binaries");
    Path bin = Files.createDirectories(project.resolve("bin"));
    script("bin/java", "echo \"java $*\" >&2");

    ProcessBuilder builder =
        new ProcessBuilder("bash", project.resolve("hack/dev.sh").toString(), "--nodes", "2")
            .redirectErrorStream(true);
    builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    Process process = builder.start();
    List<String> lines = new ArrayList<>();
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      lines.add(out.readLine());
      Files.createFile(released);
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        lines.add(line);
      }
    } finally {
      process.waitFor(30, TimeUnit.SECONDS);
      process.destroyForcibly();
    }

    assertThat(lines.get(0)).startsWith("dev.sh: 1/3 building the jar (./mvnw");
    assertThat(lines)
        .filteredOn(line -> !line.contains("still building"))
        .containsSubsequence(
            "built",
            "kube-binaries: all present",
            "/binaries",
            "java -jar target/webserver-operator.jar dev --nodes 2")
        .anySatisfy(line -> assertThat(line).startsWith("dev.sh: 2/3 checking the Kubernetes"))
        .anySatisfy(line -> assertThat(line).startsWith("dev.sh: 3/3 starting the local cluster"));
    assertThat(process.exitValue()).isZero();
  }

  private void script(String name, String body) throws IOException {
    Path file = project.resolve(name);
    Files.writeString(file, "#!/usr/bin/env bash\n" + body + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
