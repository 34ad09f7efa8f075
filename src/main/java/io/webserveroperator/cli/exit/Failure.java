package io.webserveroperator.cli.exit;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.OperatorException;

/**
 * The kinds of failure a command can end with, each with its own exit code, as docs/cli.md lists
 * them. Commands whose exit codes were documented before ({@code diff}, {@code lint}, {@code test},
 * {@code rollout status}) keep one code for every error instead (their {@code
 * exitCodeOnExecutionException}); see {@link FailureHandler}.
 */
public enum Failure {
  /** The command ran and its answer is no: a render failed, the operator lost its Lease. */
  FAILED(
      1, "The command failed at its job (a resource did not render, the operator lost its Lease)."),
  /** Picocli's usage error: an unknown option, a missing or malformed value, a bad combination. */
  USAGE(2, "Usage error: an unknown option, a missing or malformed value, a bad combination."),
  /** A file or folder the command was given does not exist or cannot be read as YAML. */
  INPUT(3, "A file or folder given does not exist or cannot be read (not YAML, not a map)."),
  /** The templates or watches.yaml do not load, or {@code run} refuses what they ask for. */
  CONFIGURATION(4, "The templates or watches.yaml are invalid, or run refuses the configuration."),
  /** The cluster cannot be reached, refused a request, or (for {@code dev}) did not start. */
  CLUSTER(5, "The cluster cannot be reached or refused a request; dev: it did not start."),
  /** An unexpected exception: a bug, printed with its stack trace. */
  BUG(70, "A bug: an unexpected exception, printed with its stack trace; please report it.");

  private final int code;
  private final String meaning;

  Failure(int code, String meaning) {
    this.code = code;
    this.meaning = meaning;
  }

  /** The process exit code. */
  public int code() {
    return code;
  }

  /** One sentence for the help's exit code list and the docs. */
  public String meaning() {
    return meaning;
  }

  /**
   * What kind of failure {@code error} is: the kind a {@link CommandException} names; else anything
   * the Kubernetes client threw, at any depth, is the cluster's; any other error raised on purpose
   * ({@link OperatorException}) is the command's failure; everything else is a bug.
   */
  public static Failure of(Throwable error) {
    if (error instanceof CommandException command) {
      return command.failure();
    }
    if (clientCause(error) != null) {
      return CLUSTER;
    }
    return error instanceof OperatorException ? FAILED : BUG;
  }

  /** The Kubernetes client's exception in {@code error}'s causes, itself included; else null. */
  static KubernetesClientException clientCause(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof KubernetesClientException client) {
        return client;
      }
    }
    return null;
  }
}
