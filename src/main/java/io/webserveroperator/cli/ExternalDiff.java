package io.webserveroperator.cli;

import io.webserveroperator.OperatorException;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.UnifiedDiff;
import io.webserveroperator.manifest.ObjectRef;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs the program named by {@code KUBECTL_EXTERNAL_DIFF} as kubectl does: writes every object's
 * live and merged (dry-run) sides as YAML into two temporary folders, {@code LIVE-*} and {@code
 * MERGED-*}, one file per object named {@code group.version.Kind.namespace.name} (a side that does
 * not exist gets no file), runs the program with the two folders as its last arguments, and hands
 * back what it printed. The folders are deleted afterwards.
 *
 * <p>A CONFLICT or ORPHAN entry gets no file on either side: the operator leaves such an object as
 * it is, so the program has nothing to show for it ({@link PlanPrinter#notes} says it instead).
 */
final class ExternalDiff {

  /** The environment variable kubectl reads. */
  static final String VARIABLE = "KUBECTL_EXTERNAL_DIFF";

  /**
   * What the program did.
   *
   * @param exitCode its exit code: 0 no differences, 1 differences, more an error of its own
   * @param out what it wrote to stdout
   * @param err what it wrote to stderr
   */
  record Result(int exitCode, String out, String err) {}

  private final List<String> command;

  /**
   * @param commandLine the variable's value: a program and its arguments, split on white space
   */
  ExternalDiff(String commandLine) {
    this.command = Arrays.asList(commandLine.trim().split("\\s+"));
  }

  /**
   * Writes the plan's objects out and runs the program on them; blocks until it exits.
   *
   * @throws OperatorException when the files cannot be written or the program cannot be started
   */
  Result run(Plan plan) {
    Path live = null;
    Path merged = null;
    try {
      live = Files.createTempDirectory("LIVE-");
      merged = Files.createTempDirectory("MERGED-");
      for (PlanEntry entry : plan.entries()) {
        if (entry.action() == Action.CONFLICT || entry.action() == Action.ORPHAN) {
          continue;
        }
        String file = UnifiedDiff.fileName(entry.ref());
        write(live.resolve(file), entry.ref(), entry.live());
        write(merged.resolve(file), entry.ref(), entry.desired());
      }
      return execute(live, merged);
    } catch (IOException e) {
      throw new OperatorException(
          "Cannot run " + VARIABLE + " command '" + String.join(" ", command) + "': " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new OperatorException(
          "Interrupted while " + VARIABLE + " command '" + String.join(" ", command) + "' ran.", e);
    } finally {
      deleteQuietly(live);
      deleteQuietly(merged);
    }
  }

  private Result execute(Path live, Path merged) throws IOException, InterruptedException {
    List<String> arguments = new ArrayList<>(command);
    arguments.add(live.toString());
    arguments.add(merged.toString());
    Path out = Files.createTempFile("diff-out-", ".txt");
    Path err = Files.createTempFile("diff-err-", ".txt");
    try {
      // Files rather than pipes: the program may print more than a pipe buffers.
      Process process =
          new ProcessBuilder(arguments)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      process.getOutputStream().close();
      int exitCode = process.waitFor();
      return new Result(
          exitCode,
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private static void write(Path file, ObjectRef ref, Map<String, Object> object)
      throws IOException {
    if (object != null) {
      Files.writeString(file, UnifiedDiff.yaml(ref, object), StandardCharsets.UTF_8);
    }
  }

  private static void deleteQuietly(Path folder) {
    if (folder == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      // A leftover temporary folder is not worth failing a diff that already has its answer.
    }
  }
}
