package io.webserveroperator.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.cli.options.ClusterOptions;
import io.webserveroperator.cli.options.OperatorNameOption;
import io.webserveroperator.cli.options.TemplatesOption;
import io.webserveroperator.lint.ClusterSchemas;
import io.webserveroperator.lint.Finding;
import io.webserveroperator.lint.FindingsReport;
import io.webserveroperator.lint.Lint;
import io.webserveroperator.lint.LintInput;
import io.webserveroperator.lint.LintResult;
import io.webserveroperator.lint.OpenApiSchemas;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lint}: static checks of the templates before anything renders. Prints one {@code
 * file:line: level: message} a finding (or JSON with {@code -o json}); exit 1 on any error, 2 when
 * lint itself cannot run, whatever the kind of failure. The Kubernetes schemas come from {@code
 * --schemas DIR}, or from the cluster when {@code --kubeconfig}, {@code --context} or {@code
 * --save-schemas} is given.
 */
@Command(
    name = "lint",
    mixinStandardHelpOptions = true,
    description =
        "Check the templates against watches.yaml, the CRDs, the Kubernetes schemas and deploy/'s RBAC.",
    exitCodeOnExecutionException = LintCommand.CANNOT_RUN,
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:No error (warnings and notes allowed).",
      "1:An error found.",
      "2:Lint cannot run: a usage error, a CRD or sample that is not YAML, a cluster that cannot"
          + " be reached; see stderr."
    })
final class LintCommand implements Callable<Integer> {

  /** The exit code of any error that keeps lint from running, as documented. */
  static final int CANNOT_RUN = 2;

  /** How findings are written. */
  enum Format {
    text,
    json
  }

  @Mixin TemplatesOption templates;

  @Spec CommandSpec spec;

  @Mixin ProjectFolders folders;

  @Option(
      names = "--save-schemas",
      paramLabel = "DIR",
      description =
          "Read the schemas from the cluster and save the ones the templates need in DIR.")
  Path saveSchemas;

  @Option(
      names = "--all-kinds-of",
      paramLabel = "GROUP/VERSION",
      split = ",",
      description =
          "With --save-schemas, also save every kind of these group-versions (v1,apps/v1), not"
              + " only those the templates render; hack/schemas.sh refreshes schemas/ so.")
  List<String> allKindsOf = new ArrayList<>();

  @Option(
      names = "--print-rbac",
      description =
          "Print the ClusterRole the templates need, named --name, instead of the findings;"
              + " exit 0 once printed.")
  boolean printRbac;

  @Option(
      names = "--no-rbac",
      description = "Do not check that deploy/'s ClusterRole grants what the templates render.")
  boolean noRbac;

  @Mixin OperatorNameOption operator;

  @Mixin ClusterOptions cluster;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text or json (default: ${DEFAULT-VALUE}).")
  Format format;

  @Override
  public Integer call() {
    if (!allKindsOf.isEmpty() && saveSchemas == null) {
      throw new ParameterException(
          spec.commandLine(), "--all-kinds-of says which schemas to save: add --save-schemas DIR.");
    }
    LintInput input = folders.lintInput(templates.folder(), !noRbac);
    LintResult result;
    if (saveSchemas != null || cluster.kubeconfig() != null || cluster.context() != null) {
      try (KubernetesClient client = cluster.client(null)) {
        OpenApiSchemas fromCluster = ClusterSchemas.of(client);
        result = Lint.run(input, fromCluster);
        if (saveSchemas != null) {
          allKindsOf.forEach(fromCluster::useEveryKindOf);
          fromCluster
              .save(saveSchemas)
              .forEach(file -> spec.commandLine().getErr().println("lint: saved " + file));
        }
      }
    } else {
      result = Lint.run(input, OpenApiSchemas.folder(folders.schemas));
    }
    List<Finding> findings = result.findings();
    if (printRbac) {
      Optional<String> role = result.clusterRole(operator.name());
      if (role.isEmpty()) {
        spec.commandLine().getErr().print(FindingsReport.text(findings));
        return 1;
      }
      // What a new kind's operator needs before its RBAC grants it: printing it is no error.
      spec.commandLine().getOut().print(role.get());
      spec.commandLine().getOut().flush();
      return 0;
    }
    String out =
        format == Format.json ? FindingsReport.json(findings) : FindingsReport.text(findings);
    spec.commandLine().getOut().print(out);
    spec.commandLine().getOut().flush();
    return FindingsReport.hasErrors(findings) ? 1 : 0;
  }
}
