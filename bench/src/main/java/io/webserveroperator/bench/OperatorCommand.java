package io.webserveroperator.bench;

import io.webserveroperator.testing.OperatorProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code java} arguments a benchmark starts the operator with: the memory it sizes itself for
 * as under {@code deploy/}'s limit, the image's flags, any extra ones, then {@code -jar JAR run}
 * watching one namespace and keeping its Leases and template revisions there.
 */
public final class OperatorCommand {

  private OperatorCommand() {}

  /** {@code -XX:MaxRAM=...}, the image's flags, then {@code extra}. */
  public static List<String> jvm(String maxRam, List<String> extra) {
    List<String> jvm = new ArrayList<>(List.of("-XX:MaxRAM=" + maxRam));
    jvm.addAll(OperatorProcess.IMAGE_JVM_FLAGS);
    jvm.addAll(extra);
    return jvm;
  }

  /**
   * The whole argument list; with {@code sharded}, {@code --shards auto}. The health port is for
   * the caller to append ({@link OperatorReplicas#start} does).
   */
  public static List<String> arguments(
      List<String> jvm,
      Path jar,
      Path kubeconfig,
      Path templates,
      String namespace,
      Duration resync,
      int workers,
      boolean sharded) {
    List<String> command = new ArrayList<>(jvm);
    command.addAll(
        List.of(
            "-jar",
            jar.toString(),
            "run",
            "--kubeconfig",
            kubeconfig.toString(),
            "--templates",
            templates.toString(),
            "--namespace",
            namespace,
            "--operator-namespace",
            namespace,
            "--resync",
            resync.toString(),
            "--workers",
            Integer.toString(workers)));
    if (sharded) {
      command.addAll(List.of("--shards", "auto"));
    }
    return command;
  }
}
