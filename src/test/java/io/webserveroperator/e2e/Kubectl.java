package io.webserveroperator.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The real kubectl binary against one kubeconfig, as a user would type it. */
final class Kubectl {

  private static final long TIMEOUT_SECONDS = 60;

  private final Path binary;
  private final Path kubeconfig;
  private final Path workingDirectory;

  Kubectl(Path binary, Path kubeconfig, Path workingDirectory) {
    this.binary = binary;
    this.kubeconfig = kubeconfig;
    this.workingDirectory = workingDirectory;
  }

  /** Runs {@code kubectl --kubeconfig FILE ARGS...} and returns its standard output. */
  String run(String... args) {
    List<String> command = new ArrayList<>();
    command.add(binary.toString());
    command.add("--kubeconfig=" + kubeconfig);
    command.addAll(List.of(args));
    try {
      Process process =
          new ProcessBuilder(command)
              .directory(workingDirectory.toFile())
              .redirectErrorStream(true)
              .start();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("kubectl " + String.join(" ", args) + " did not finish");
      }
      String text = new String(output, StandardCharsets.UTF_8);
      if (process.exitValue() != 0) {
        throw new AssertionError(
            "kubectl " + String.join(" ", args) + " exited " + process.exitValue() + ":\n" + text);
      }
      return text;
    } catch (IOException e) {
      throw new AssertionError("Cannot run " + binary + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("Interrupted while running kubectl", e);
    }
  }
}
