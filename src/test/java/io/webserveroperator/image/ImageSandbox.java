package io.webserveroperator.image;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An image's root file system, mounted by podman, in which commands run as deploy/ runs the
 * operator's container. Podman cannot start containers on the machines this project is tested on
 * (their cgroup setup does not allow it), so {@code sandbox.sh} stands in for the runtime: under
 * {@code unshare --mount --pid --fork} it makes the root read-only with a tmpfs on /tmp, mounts
 * /proc and the usual devices, and runs the command as the image's user in its working folder, with
 * exactly its environment and the host's network.
 *
 * <p>Needs root. {@link #close} unmounts the image; processes started here are the caller's to
 * stop.
 */
final class ImageSandbox implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final String image;
  private final Path root;
  private final ImageConfig config;

  private ImageSandbox(String image, Path root, ImageConfig config) {
    this.image = image;
    this.root = root;
    this.config = config;
  }

  /** Reads the image's config and mounts its root file system (read-only). */
  static ImageSandbox mount(String image) {
    try {
      ImageConfig config =
          JSON.readValue(
              podman("image", "inspect", "--format", "{{json .Config}}", image), ImageConfig.class);
      return new ImageSandbox(image, Path.of(podman("image", "mount", image).strip()), config);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  ImageConfig config() {
    return config;
  }

  /** The image's size in bytes, as {@code podman image inspect} reports it. */
  long size() {
    return Long.parseLong(podman("image", "inspect", "--format", "{{.Size}}", image).strip());
  }

  /** A file of the image, by its absolute path in the image, to read from the host. */
  Path file(String path) {
    return root.resolve(path.substring(1));
  }

  /** The image's ENTRYPOINT with these arguments in place of its CMD. */
  List<String> entrypoint(String... args) {
    List<String> command = new ArrayList<>(config.entrypoint());
    command.addAll(List.of(args));
    return command;
  }

  /**
   * Starts a command in the sandbox, its output and errors appended to {@code log}.
   *
   * @param binds host folders to show read-only at paths under /tmp (the only writable place)
   */
  Process start(List<String> command, Map<Path, String> binds, Path log) throws IOException {
    return builder(command, binds)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
  }

  /** Runs a command in the sandbox to its end (at most a minute): exit code and output. */
  Finished run(List<String> command) throws IOException, InterruptedException {
    Path log = Files.createTempFile("image-sandbox-", ".log");
    try {
      Process process = start(command, Map.of(), log);
      if (!process.waitFor(1, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException(command + " did not finish within a minute.");
      }
      return new Finished(process.exitValue(), Files.readString(log));
    } finally {
      Files.delete(log);
    }
  }

  /**
   * Sends SIGTERM to the command, as a kubelet stops a container. The command is PID 1 of its own
   * PID namespace and the child of {@code unshare}, which does not pass signals on.
   */
  static void terminate(Process process) {
    process.children().forEach(ProcessHandle::destroy);
  }

  /** Unmounts the image's root file system. */
  @Override
  public void close() {
    podman("image", "unmount", image);
  }

  /** A command's exit code and its output and errors together. */
  record Finished(int exitCode, String output) {}

  private ProcessBuilder builder(List<String> command, Map<Path, String> binds) {
    List<String> line =
        new ArrayList<>(
            List.of(
                "/usr/bin/unshare",
                "--mount",
                "--pid",
                "--fork",
                "--kill-child",
                "/bin/sh",
                script().toString(),
                root.toString(),
                config.workingDir(),
                config.uid(),
                config.gid()));
    binds.forEach((folder, path) -> line.add(folder + ":" + path));
    line.add("--");
    line.addAll(command);
    ProcessBuilder builder = new ProcessBuilder(line);
    builder.environment().clear();
    for (String entry : config.env()) {
      int equals = entry.indexOf('=');
      builder.environment().put(entry.substring(0, equals), entry.substring(equals + 1));
    }
    return builder;
  }

  private static Path script() {
    try {
      return Path.of(ImageSandbox.class.getResource("sandbox.sh").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs podman and returns its output; fails with its errors when it fails. */
  private static String podman(String... args) {
    List<String> command = new ArrayList<>(List.of("podman"));
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      if (process.waitFor() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed:\n" + errors);
      }
      return output;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted: " + String.join(" ", command), e);
    }
  }
}
