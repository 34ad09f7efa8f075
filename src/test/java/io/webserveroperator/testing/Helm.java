package io.webserveroperator.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The helm binary {@code hack/helm-binary.sh} builds, found where it keeps it ({@code
 * ~/.cache/webserver-operator/helm/<version>-<os>-<arch>/helm}, the version from the pom's {@code
 * helm.version}), run with a kubeconfig of the test's and a private Helm home.
 */
public final class Helm {

  /** What a run of helm printed, and its exit code. */
  public record Result(int exit, String out, String err) {}

  private final Path binary;
  private final Map<String, String> environment;

  private Helm(Path binary, Map<String, String> environment) {
    this.binary = binary;
    this.environment = environment;
  }

  /**
   * Helm with its cache, config and data folders under {@code home} and, when not null, this
   * kubeconfig; skips the calling test where the binary is missing (no Go to build it).
   */
  public static Helm in(Path home, Path kubeconfig) {
    assumePresent();
    Map<String, String> environment =
        new TreeMap<>(
            Map.of(
                "HELM_CACHE_HOME", home.resolve("cache").toString(),
                "HELM_CONFIG_HOME", home.resolve("config").toString(),
                "HELM_DATA_HOME", home.resolve("data").toString()));
    if (kubeconfig != null) {
      environment.put("KUBECONFIG", kubeconfig.toString());
    }
    return new Helm(binary(), environment);
  }

  /** Skips the calling test where the binary is missing (no Go to build it). */
  public static void assumePresent() {
    Path binary = binary();
    assumeTrue(
        Files.isExecutable(binary),
        () -> "No helm at " + binary + "; run hack/helm-binary.sh (needs Go) for the chart tests.");
  }

  /** Where hack/helm-binary.sh keeps the binary of the pinned version. */
  public static Path binary() {
    String version = System.getProperty("helm.version", "4.3.2");
    String cache = System.getenv("XDG_CACHE_HOME");
    Path root =
        cache == null || cache.isBlank()
            ? Path.of(System.getProperty("user.home"), ".cache")
            : Path.of(cache);
    String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
    arch = arch.equals("x86_64") || arch.equals("amd64") ? "amd64" : arch;
    arch = arch.equals("aarch64") ? "arm64" : arch;
    String os = System.getProperty("os.name").toLowerCase(Locale.ROOT).split(" ")[0];
    return root.resolve("webserver-operator/helm/" + version + "-" + os + "-" + arch + "/helm");
  }

  /** Runs helm with these arguments, from the project root. */
  public Result run(String... args) {
    List<String> command = new ArrayList<>(List.of(binary.toString()));
    command.addAll(List.of(args));
    try {
      ProcessBuilder builder = new ProcessBuilder(command).directory(Project.root().toFile());
      builder.environment().putAll(environment);
      Path err = Files.createTempFile("helm-", ".err");
      builder.redirectError(err.toFile());
      Process process = builder.start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(180, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("helm " + String.join(" ", args) + " did not end in 180 s");
      }
      String errors = Files.readString(err);
      Files.delete(err);
      return new Result(process.exitValue(), out, errors);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Runs helm and fails the test unless it exits 0; returns its standard output. */
  public String ok(String... args) {
    Result result = run(args);
    if (result.exit() != 0) {
      throw new AssertionError(
          "helm " + String.join(" ", args) + " exited " + result.exit() + ":\n" + result.err());
    }
    return result.out();
  }
}
