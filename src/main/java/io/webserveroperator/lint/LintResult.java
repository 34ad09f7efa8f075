package io.webserveroperator.lint;

import java.util.List;

/**
 * What a lint run found.
 *
 * @param findings every finding, by file and line
 * @param clusterRole the ClusterRole the templates need, as YAML ({@code lint --print-rbac})
 */
public record LintResult(List<Finding> findings, String clusterRole) {

  public LintResult {
    findings = List.copyOf(findings);
  }
}
