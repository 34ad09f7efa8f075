package io.webserveroperator.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.OperatorException;
import io.webserveroperator.cli.exit.CommandException;
import io.webserveroperator.cli.exit.Failure;
import io.webserveroperator.cli.options.ClusterOptions;
import io.webserveroperator.cli.options.DurationConverter;
import io.webserveroperator.cli.options.OperatorNameOption;
import io.webserveroperator.cli.options.OperatorNamespaceOption;
import io.webserveroperator.cli.options.TemplatesOption;
import io.webserveroperator.controller.LeaderElectionOptions;
import io.webserveroperator.controller.Operator;
import io.webserveroperator.controller.OperatorOptions;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.shard.ShardOptions;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code run}: the operator itself, until it is stopped (SIGTERM, Ctrl-C) or loses its Lease (exit
 * 1). Templates that do not load, or that it refuses, end it before it starts ({@link
 * Failure#CONFIGURATION}), as does a cluster it cannot reach ({@link Failure#CLUSTER}).
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = "Run the operator, which watches the kinds in watches.yaml and reconciles them.")
final class RunCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin TemplatesOption templates;

  @Mixin ClusterOptions cluster;

  @Mixin OperatorNameOption name;

  @Mixin OperatorNamespaceOption operatorNamespace;

  @Option(
      names = {"-n", "--namespace"},
      split = ",",
      description =
          "Namespaces to watch, repeatable or comma-separated (env WSO_NAMESPACES; default: all).",
      defaultValue = "${env:WSO_NAMESPACES}")
  List<String> namespaces;

  @Option(
      names = {"-l", "--selector"},
      defaultValue = "${env:WSO_SELECTOR}",
      description =
          "Only reconcile resources matching this label selector, to shard (env WSO_SELECTOR).")
  String selector;

  @Option(
      names = "--workers",
      defaultValue = "${env:WSO_WORKERS:-" + OperatorOptions.DEFAULT_WORKERS + "}",
      description = "Reconciles at once (env WSO_WORKERS; default: ${DEFAULT-VALUE}).")
  int workers;

  @Option(
      names = "--resync",
      defaultValue = "${env:WSO_RESYNC:-" + OperatorOptions.DEFAULT_RESYNC + "}",
      converter = DurationConverter.class,
      description =
          "Reconcile everything this often, e.g. 10h, 30m, PT10H (env WSO_RESYNC; default: 10h).")
  Duration resync;

  @Option(
      names = "--health-port",
      defaultValue = "${env:WSO_HEALTH_PORT:-" + OperatorOptions.DEFAULT_HEALTH_PORT + "}",
      description =
          "Port of /metrics, /healthz and /readyz (env WSO_HEALTH_PORT; default: ${DEFAULT-VALUE}).")
  int healthPort;

  @Option(
      names = "--leader-elect",
      negatable = true,
      defaultValue = "${env:WSO_LEADER_ELECT:-false}",
      description =
          "Take a Lease first, so that of several replicas only one writes (env WSO_LEADER_ELECT).")
  boolean leaderElect;

  @Option(
      names = "--lease-duration",
      converter = DurationConverter.class,
      description =
          "How long a Lease not renewed keeps the others out (default: 15s; 10s with --shards"
              + " auto).")
  Duration leaseDuration;

  @Option(
      names = "--lease-renew-deadline",
      converter = DurationConverter.class,
      description =
          "How long the leader tries to renew before it stops (default: 10s; 6s with --shards"
              + " auto).")
  Duration renewDeadline;

  @Option(
      names = "--lease-retry-period",
      defaultValue = "2s",
      converter = DurationConverter.class,
      description =
          "How often the leader renews and the others try to take over; a released Lease is"
              + " taken within 1 to 2.2 of these (default: 2s).")
  Duration retryPeriod;

  @Option(
      names = "--shards",
      paramLabel = "auto",
      defaultValue = "${env:WSO_SHARDS}",
      description =
          "'auto': share the resources among the replicas, each keeping a Lease"
              + " NAME-shard-MEMBER; implies --leader-elect, whose leader assigns them"
              + " (env WSO_SHARDS; default: off).")
  String shards;

  @Option(
      names = "--shard",
      paramLabel = "NAME",
      defaultValue = "${env:WSO_SHARD}",
      description =
          "Only resources labelled webserver-operator.io/shard=NAME, and their children, labelled"
              + " by you (env WSO_SHARD; default: every resource).")
  String shard;

  @Override
  public Integer call() {
    templates.existingWatches();
    ApiRequestCounter requests = new ApiRequestCounter();
    String identity = identity();
    try (KubernetesClient client = cluster.client(requests)) {
      OperatorOptions options = options(identity, operatorNamespace.namespace(client));
      Operator operator;
      try {
        operator = Operator.start(client, requests, options);
      } catch (OperatorException e) {
        // Unless the cluster could not be asked, the templates or what they ask of it are refused.
        throw Failure.of(e) == Failure.CLUSTER
            ? e
            : new CommandException(Failure.CONFIGURATION, e.getMessage(), e);
      }
      Thread hook = new Thread(operator::close, "operator-shutdown");
      Runtime.getRuntime().addShutdownHook(hook);
      boolean interrupted = false;
      try {
        operator.awaitStopped();
      } catch (InterruptedException e) {
        // Asked to stop by whoever runs this command in-process (dev, tests): as SIGTERM does.
        interrupted = true;
      } finally {
        // Not interrupted yet while closing, or the release of the Lease fails.
        operator.close();
        removeHook(hook);
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
      return operator.lostLeadership() ? Failure.FAILED.code() : 0;
    }
  }

  /** The options the flags give; a value the operator refuses is a usage error. */
  private OperatorOptions options(String identity, String namespace) {
    ShardOptions sharding = sharding(identity);
    boolean auto = sharding.mode() == ShardOptions.Mode.AUTO;
    try {
      return OperatorOptions.defaults(templates.folder()).toBuilder()
          .name(name.name())
          .operatorNamespace(namespace)
          .namespaces(namespaces)
          .labelSelector(selector)
          .workers(workers)
          .resync(resync)
          .healthPort(healthPort)
          .leaderElection(
              LeaderElectionOptions.disabled(identity).toBuilder()
                  .enabled(leaderElect || auto)
                  .leaseDuration(
                      Objects.requireNonNullElse(
                          leaseDuration,
                          auto
                              ? LeaderElectionOptions.SHARDED_LEASE_DURATION
                              : LeaderElectionOptions.LEASE_DURATION))
                  .renewDeadline(
                      Objects.requireNonNullElse(
                          renewDeadline,
                          auto
                              ? LeaderElectionOptions.SHARDED_RENEW_DEADLINE
                              : LeaderElectionOptions.RENEW_DEADLINE))
                  .retryPeriod(retryPeriod)
                  .build())
          .shards(sharding)
          .build();
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      throw new ParameterException(
          spec.commandLine(), message.endsWith(".") ? message : message + ".");
    }
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // The hook is running or has run: nothing to remove.
    }
  }

  /** The sharding the flags ask for; automatically, this replica's member name is its identity. */
  private ShardOptions sharding(String identity) {
    boolean auto = shards != null && !shards.isBlank();
    boolean fixed = shard != null && !shard.isBlank();
    if (auto && fixed) {
      throw new ParameterException(
          spec.commandLine(), "Use either --shards auto or --shard NAME, not both.");
    }
    if (auto && !"auto".equals(shards)) {
      throw new ParameterException(
          spec.commandLine(),
          "--shards takes 'auto', not '" + shards + "'; for a fixed shard use --shard NAME.");
    }
    try {
      return auto
          ? ShardOptions.automatic(identity)
          : fixed ? ShardOptions.fixed(shard) : ShardOptions.off();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /**
   * The host name (in a Deployment, the pod's name) in lower case, cut to fit a label value with a
   * random suffix, so that a restarted replica is a new member.
   */
  private static String identity() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      host = "unknown-host";
    }
    String name = host.toLowerCase(Locale.ROOT).replaceAll("[^-a-z0-9]", "-");
    name = name.substring(0, Math.min(name.length(), 54)).replaceAll("^-+|-+$", "");
    return (name.isEmpty() ? "replica" : name) + "-" + UUID.randomUUID().toString().substring(0, 8);
  }
}
