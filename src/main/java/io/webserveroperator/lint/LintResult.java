package io.webserveroperator.lint;

import io.webserveroperator.manifest.OperatorName;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a lint run found.
 *
 * @param findings every finding, by file and line
 * @param rbacRules the rules of the ClusterRole the templates need ({@code lint --print-rbac});
 *     none when watches.yaml could not be read
 */
public record LintResult(List<Finding> findings, List<Map<String, Object>> rbacRules) {

  public LintResult {
    findings = List.copyOf(findings);
    rbacRules = List.copyOf(rbacRules);
  }

  /**
   * The ClusterRole the templates need, named after the operator, as YAML; empty when watches.yaml
   * could not be read.
   */
  public Optional<String> clusterRole(OperatorName operator) {
    return rbacRules.isEmpty()
        ? Optional.empty()
        : Optional.of(RbacCheck.clusterRole(operator, rbacRules));
  }
}
