package io.webserveroperator.lint;

import java.nio.file.Path;
import java.util.Objects;

/**
 * What lint reads.
 *
 * @param templates the folder of watches.yaml
 * @param crds the folder of the watched kinds' CustomResourceDefinitions
 * @param samples a folder (or file) of custom resources to render and validate
 * @param deploy the folder whose ClusterRole must grant what the templates render
 * @param rbac whether to check that ClusterRole ({@code lint --no-rbac} does not)
 */
public record LintInput(Path templates, Path crds, Path samples, Path deploy, boolean rbac) {

  public LintInput {
    Objects.requireNonNull(templates, "templates");
    Objects.requireNonNull(crds, "crds");
    Objects.requireNonNull(samples, "samples");
    Objects.requireNonNull(deploy, "deploy");
  }

  /** What lint reads, deploy/'s RBAC checked. */
  public LintInput(Path templates, Path crds, Path samples, Path deploy) {
    this(templates, crds, samples, deploy, true);
  }
}
