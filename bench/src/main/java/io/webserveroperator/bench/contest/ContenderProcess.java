package io.webserveroperator.bench.contest;

import io.webserveroperator.bench.BenchException;
import io.webserveroperator.testing.OperatorProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * An operator under test as a process of its own, whatever it is written in: started with its
 * output to a log, stopped with SIGTERM (SIGKILL after 30 s), also when this JVM exits first.
 */
final class ContenderProcess implements AutoCloseable {

  private static final long STOP_GRACE_SECONDS = 30;

  private final Process process;
  private final Path log;
  private final Thread shutdownHook;

  private ContenderProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
    this.shutdownHook = new Thread(process::destroy, "contender-stop");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  static ContenderProcess start(List<String> command, Path log) {
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
      // The image's environment for webserver-operator; the Go operator allocates without glibc.
      builder.environment().putAll(OperatorProcess.IMAGE_ENVIRONMENT);
      Process process = builder.start();
      process.getOutputStream().close();
      return new ContenderProcess(process, log);
    } catch (IOException e) {
      throw new BenchException("Cannot start " + command.get(0) + ": " + e.getMessage(), e);
    }
  }

  ProcessHandle handle() {
    return process.toHandle();
  }

  /** Fails when the process has ended: a contender that exited would only time out later. */
  void requireAlive() {
    if (!process.isAlive()) {
      throw new BenchException(
          "The contender exited with " + process.exitValue() + "; see its log " + log + ".");
    }
  }

  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // The JVM is shutting down; the hook stops the process.
    }
    process.destroy();
    try {
      if (!process.waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
