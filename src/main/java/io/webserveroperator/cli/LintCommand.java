package io.webserveroperator.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.OperatorException;
import io.webserveroperator.cli.options.ClusterOptions;
import io.webserveroperator.cli.options.OperatorNameOption;
import io.webserveroperator.cli.options.TemplatesOption;
import io.webserveroperator.kube.KubeClients;
import io.webserveroperator.lint.ClusterSchemas;
import io.webserveroperator.lint.Finding;
import io.webserveroperator.lint.FindingsReport;
import io.webserveroperator.lint.Lint;
import io.webserveroperator.lint.LintInput;
import io.webserveroperator.lint.LintResult;
import io.webserveroperator.lint.OpenApiSchemas;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lint}: static checks of the templates before anything renders. Prints one {@code
 * file:line: level: message} a finding (or JSON with {@code -o json}); exit 1 on any error, 2 when
 * lint itself cannot run. The Kubernetes schemas come from {@code --schemas DIR}, or from the
 * cluster when {@code --kubeconfig}, {@code --context} or {@code --save-schemas} is given.
 */
@Command(
    name = "lint",
    mixinStandardHelpOptions = true,
    description =
        "Check the templates against watches.yaml, the CRDs, the Kubernetes schemas and deploy/'s RBAC.")
final class LintCommand implements Callable<Integer> {

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
      names = "--print-rbac",
      description =
          "Print the ClusterRole the templates need, named --name, instead of the findings;"
              + " exit 0 once printed.")
  boolean printRbac;

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
    LintInput input = folders.lintInput(templates.folder());
    LintResult result;
    try {
      if (saveSchemas != null || cluster.kubeconfig() != null || cluster.context() != null) {
        try (KubernetesClient client =
            KubeClients.create(cluster.kubeconfig(), cluster.context())) {
          OpenApiSchemas fromCluster = ClusterSchemas.of(client);
          result = Lint.run(input, fromCluster);
          if (saveSchemas != null) {
            fromCluster
                .save(saveSchemas)
                .forEach(file -> spec.commandLine().getErr().println("lint: saved " + file));
          }
        }
      } else {
        result = Lint.run(input, OpenApiSchemas.folder(folders.schemas));
      }
    } catch (OperatorException e) {
      spec.commandLine().getErr().println("lint: " + e.getMessage());
      return 2;
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
