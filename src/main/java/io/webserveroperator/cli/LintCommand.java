package io.webserveroperator.cli;

import io.webserveroperator.OperatorException;
import io.webserveroperator.lint.Finding;
import io.webserveroperator.lint.FindingsReport;
import io.webserveroperator.lint.Lint;
import io.webserveroperator.lint.LintInput;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lint}: static checks of the templates before anything renders. Prints one {@code
 * file:line: level: message} a finding (or JSON with {@code -o json}); exit 1 on any error, 2 when
 * lint itself cannot run.
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

  @Option(
      names = "--crds",
      paramLabel = "DIR",
      defaultValue = "crds",
      description = "Folder of the watched kinds' CRDs (default: ${DEFAULT-VALUE}).")
  Path crds;

  @Option(
      names = "--samples",
      paramLabel = "DIR",
      defaultValue = "samples",
      description = "Custom resources to render and validate (default: ${DEFAULT-VALUE}).")
  Path samples;

  @Option(
      names = "--deploy",
      paramLabel = "DIR",
      defaultValue = "deploy",
      description =
          "Folder whose ClusterRole must grant what the templates render (default: ${DEFAULT-VALUE}).")
  Path deploy;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text or json (default: ${DEFAULT-VALUE}).")
  Format format;

  @Override
  public Integer call() {
    List<Finding> findings;
    try {
      findings = Lint.run(new LintInput(templates.folder(), crds, samples, deploy));
    } catch (OperatorException e) {
      spec.commandLine().getErr().println("lint: " + e.getMessage());
      return 2;
    }
    spec.commandLine()
        .getOut()
        .print(
            format == Format.json ? FindingsReport.json(findings) : FindingsReport.text(findings));
    spec.commandLine().getOut().flush();
    return FindingsReport.hasErrors(findings) ? 1 : 0;
  }
}
