package io.webserveroperator.cli;

import io.webserveroperator.cli.exit.CommandException;
import io.webserveroperator.cli.exit.Failure;
import io.webserveroperator.cli.options.TemplatesOption;
import io.webserveroperator.dev.DevClusterException;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Starts a local control plane, installs the CRDs and samples, and runs the operator in this JVM
 * against it until Ctrl-C (or an interrupt of the calling thread), then removes everything.
 *
 * <p>The operator runs a copy of the templates ({@link OperatorTemplates}), updated after each save
 * once {@code dev} has said what the save would prune ({@link LintOnChange}, {@link PrunePreview}).
 */
@Command(
    name = "dev",
    mixinStandardHelpOptions = true,
    description = {
      "Start a local control plane with the CRD, the samples and the operator, until Ctrl-C.",
      "Needs the binaries of hack/kube-binaries.sh; no container runs (kwok fakes the nodes)."
    })
final class DevCommand implements Callable<Integer> {

  @Mixin TemplatesOption templates;

  @Spec CommandSpec spec;

  @Mixin ProjectFolders folders;

  @Option(
      names = "--nodes",
      defaultValue = "1",
      description = "How many fake nodes to run (default: ${DEFAULT-VALUE}).")
  int nodes;

  @Option(
      names = "--kubeconfig-out",
      defaultValue = "dev.kubeconfig",
      description = "Where to write the kubeconfig; removed on exit (default: ${DEFAULT-VALUE}).")
  Path kubeconfigOut;

  @Option(
      names = "--health-port",
      defaultValue = "0",
      description =
          "Port of the operator's /metrics, /healthz and /readyz; 0 picks a free one, so the"
              + " usual 8080 may stay taken (default: ${DEFAULT-VALUE}).")
  int healthPort;

  @Option(
      names = "--no-operator",
      description = "Do not run the operator, e.g. to run it from an IDE against the cluster.")
  boolean noOperator;

  private boolean interrupted;
  private LintOnChange lint;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (nodes < 1) {
      throw new ParameterException(
          spec.commandLine(), "--nodes must be at least 1, not " + nodes + ".");
    }
    for (Path folder : List.of(folders.crds.folder(), folders.samples)) {
      if (!Files.isDirectory(folder)) {
        throw new CommandException(
            Failure.INPUT,
            "The folder "
                + folder.toAbsolutePath()
                + " does not exist. Run dev in the project's folder, or give --crds and --samples.");
      }
    }
    if (!noOperator) {
      templates.existingWatches();
    }
    Path kubeconfig = kubeconfigOut.toAbsolutePath();
    Thread removeKubeconfig = new Thread(() -> deleteQuietly(kubeconfig), "dev-kubeconfig-remove");
    Runtime.getRuntime().addShutdownHook(removeKubeconfig);
    try (LocalCluster cluster =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder()
                .nodes(nodes)
                .progress(out::println)
                .build())) {
      FolderApplier applier = new FolderApplier(cluster.client(), Duration.ofSeconds(30));
      applier.apply(folders.crds.folder()).forEach(object -> out.println("applied " + object));
      applier.apply(folders.samples).forEach(object -> out.println("applied " + object));
      cluster.kubeConfig().write(kubeconfig);
      printUsage(out, cluster, kubeconfig);

      if (!noOperator) {
        OperatorTemplates operatorTemplates =
            OperatorTemplates.create(
                templates.folder(), cluster.layout().root().resolve("operator-templates"));
        lint =
            LintOnChange.start(
                folders.lintInput(templates.folder(), true),
                folders.schemas,
                out,
                new PrunePreview(cluster.client(), templates.watches()),
                operatorTemplates::update);
        int port = healthPort == 0 ? freePort() : healthPort;
        out.println("Operator metrics and health: http://127.0.0.1:" + port + "/metrics");
        out.flush();
        int code =
            Main.commandLine()
                .execute(
                    "run",
                    "--kubeconfig",
                    kubeconfig.toString(),
                    "--templates",
                    operatorTemplates.folder().toAbsolutePath().toString(),
                    "--no-leader-elect",
                    "--health-port",
                    Integer.toString(port));
        if (jvmShuttingDown() || Thread.currentThread().isInterrupted()) {
          return code;
        }
        out.println(
            "The operator stopped with exit code "
                + code
                + "; the cluster stays up until Ctrl-C so you can look around.");
        out.flush();
      }
      interrupted = awaitInterrupt();
      return 0;
    } catch (DevClusterException e) {
      throw new CommandException(Failure.CLUSTER, e.getMessage(), e);
    } finally {
      if (lint != null) {
        lint.close();
      }
      deleteQuietly(kubeconfig);
      removeHook(removeKubeconfig);
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static void printUsage(PrintWriter out, LocalCluster cluster, Path kubeconfig) {
    out.println();
    out.println("Local cluster ready in " + seconds(cluster.startupTime()) + ". Use it with:");
    out.println("  export KUBECONFIG=" + kubeconfig);
    out.println("  kubectl get ws,deployments,services,pods");
    out.println("kubectl of the same version: " + cluster.binaries().kubectl());
    out.println("Component logs: " + cluster.layout().root().resolve("logs"));
    out.println("Press Ctrl-C to stop; the cluster and " + kubeconfig.getFileName() + " go away.");
    out.println();
    out.flush();
  }

  /**
   * Blocks until the thread is interrupted and returns true; Ctrl-C instead ends the JVM, whose
   * shutdown hooks clean up. The caller restores the interrupt only after the cluster has stopped,
   * since stopping waits for processes to exit.
   */
  private static boolean awaitInterrupt() {
    try {
      new CountDownLatch(1).await();
      return false;
    } catch (InterruptedException e) {
      return true;
    }
  }

  /**
   * Ctrl-C also stops the operator, through its own shutdown hook; then there is nothing to say.
   */
  private static boolean jvmShuttingDown() {
    Thread probe = new Thread(() -> {});
    try {
      Runtime.getRuntime().addShutdownHook(probe);
      Runtime.getRuntime().removeShutdownHook(probe);
      return false;
    } catch (IllegalStateException e) {
      return true;
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String seconds(Duration duration) {
    return String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // A stale kubeconfig only points at a cluster that is gone; not worth failing the exit for.
    }
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // The JVM is shutting down and runs the hook anyway.
    }
  }
}
