package io.webserveroperator.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Headless Chromium for tests, as Debian packages it ({@code apt-get install -y chromium}): loads a
 * page and returns its DOM once loaded, or a screenshot of it. Each call is a fresh browser with
 * its own profile folder; running as root needs {@code --no-sandbox}.
 */
final class Chromium {

  private static final long TIMEOUT_SECONDS = 120;

  private final Path binary;
  private final Path scratch;

  private Chromium(Path binary, Path scratch) {
    this.binary = binary;
    this.scratch = scratch;
  }

  /** Chromium from the PATH, if it is there; {@code scratch} holds its profiles. */
  static Optional<Chromium> find(Path scratch) {
    for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String folder : System.getenv().getOrDefault("PATH", "").split(":")) {
        Path candidate = Path.of(folder.isEmpty() ? "." : folder, name);
        if (Files.isExecutable(candidate)) {
          return Optional.of(new Chromium(candidate, scratch));
        }
      }
    }
    return Optional.empty();
  }

  /** The DOM of {@code page} after its load event, serialised. */
  String dumpDom(Path page) throws IOException, InterruptedException {
    return run(List.of("--dump-dom", page.toUri().toString()), scratch.resolve("dom.txt"));
  }

  /** Writes a {@code width} by {@code height} screenshot of {@code page} to {@code png}. */
  void screenshot(Path page, int width, int height, Path png)
      throws IOException, InterruptedException {
    run(
        List.of(
            "--hide-scrollbars",
            "--window-size=" + width + "," + height,
            "--screenshot=" + png,
            page.toUri().toString()),
        scratch.resolve("screenshot.txt"));
  }

  private String run(List<String> arguments, Path output) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(binary.toString());
    command.addAll(
        List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--user-data-dir=" + Files.createTempDirectory(scratch, "profile")));
    command.addAll(arguments);
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(output.toFile())
            .redirectError(scratch.resolve("chromium-stderr.txt").toFile())
            .start();
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(binary + " did not finish within " + TIMEOUT_SECONDS + " s");
    }
    String out = Files.readString(output, StandardCharsets.UTF_8);
    if (process.exitValue() != 0) {
      throw new AssertionError(
          binary
              + " exited "
              + process.exitValue()
              + ":\n"
              + Files.readString(scratch.resolve("chromium-stderr.txt")));
    }
    return out;
  }
}
