package io.webserveroperator.cli;

import io.webserveroperator.cli.options.CrdsOption;
import io.webserveroperator.lint.LintInput;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The project's folders besides the templates, the same for {@code lint} and {@code dev}. */
final class ProjectFolders {

  @Mixin CrdsOption crds;

  @Option(
      names = "--samples",
      paramLabel = "DIR",
      defaultValue = "samples",
      description = "Custom resources to apply and to lint (default: ${DEFAULT-VALUE}).")
  Path samples;

  @Option(
      names = "--deploy",
      paramLabel = "DIR",
      defaultValue = "deploy",
      description =
          "Folder whose ClusterRole must grant what the templates render (default: ${DEFAULT-VALUE}).")
  Path deploy;

  @Option(
      names = "--schemas",
      paramLabel = "DIR",
      defaultValue = "schemas",
      description = "Saved Kubernetes OpenAPI schemas (default: ${DEFAULT-VALUE}).")
  Path schemas;

  /**
   * What lint reads for the templates in {@code templates}.
   *
   * @param rbac whether to check deploy/'s ClusterRole
   */
  LintInput lintInput(Path templates, boolean rbac) {
    return new LintInput(templates, crds.folder(), samples, deploy, rbac);
  }
}
