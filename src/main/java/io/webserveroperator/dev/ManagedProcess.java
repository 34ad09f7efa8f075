package io.webserveroperator.dev;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * One started component of the local cluster, or of the tests' control plane: its process, with
 * standard output and error going to a log file. Not thread-safe; {@link #stop} may be called more
 * than once.
 */
public final class ManagedProcess {

  private final String name;
  private final Path log;
  private final Process process;

  private ManagedProcess(String name, Path log, Process process) {
    this.name = name;
    this.log = log;
    this.process = process;
  }

  /** Starts the command with both output streams appended to the log file. */
  public static ManagedProcess start(String name, List<String> command, Path log) {
    try {
      Files.createDirectories(log.getParent());
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .redirectInput(ProcessBuilder.Redirect.PIPE)
              .start();
      // Nothing reads the component's standard input; closing it keeps no pipe open.
      process.getOutputStream().close();
      return new ManagedProcess(name, log, process);
    } catch (IOException e) {
      throw new DevClusterException(
          "Could not start " + name + " (" + command.get(0) + "): " + e.getMessage(), e);
    }
  }

  public String name() {
    return name;
  }

  public Path log() {
    return log;
  }

  public ProcessHandle handle() {
    return process.toHandle();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Fails when the process has exited, with the end of its log in the message, so start-up errors
   * surface at once instead of as a time-out.
   */
  public void requireAlive() {
    if (!process.isAlive()) {
      throw new DevClusterException(
          name
              + " exited with code "
              + process.exitValue()
              + "; the end of its log "
              + log
              + " says:\n"
              + logTail(20));
    }
  }

  /** The last lines of the log, for error messages. */
  public String logTail(int lines) {
    try {
      List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(log unreadable: " + e.getMessage() + ")";
    }
  }

  /**
   * Asks the process and its descendants to terminate, waits up to {@code grace}, then kills what
   * is left. Blocks until every one of them has exited.
   */
  public void stop(Duration grace) {
    List<ProcessHandle> family = Stream.concat(process.descendants(), Stream.of(handle())).toList();
    family.forEach(ProcessHandle::destroy);
    for (ProcessHandle member : family) {
      if (!awaitExit(member, grace)) {
        member.destroyForcibly();
        awaitExit(member, Duration.ofSeconds(10));
      }
    }
  }

  private static boolean awaitExit(ProcessHandle handle, Duration timeout) {
    CompletableFuture<ProcessHandle> exit = handle.onExit();
    try {
      exit.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      return !handle.isAlive();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !handle.isAlive();
    }
  }

  @Override
  public String toString() {
    return name + " (pid " + process.pid() + ")";
  }
}
