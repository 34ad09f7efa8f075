package io.webserveroperator.templatetest;

import io.webserveroperator.OperatorException;
import io.webserveroperator.template.ReadinessRules;

/**
 * What an assertion checks against: the render of its case, where snapshots of that case are kept,
 * and the readiness rules of the tested kind.
 *
 * @param rendering the objects or the render error
 * @param snapshots the snapshot file of the case's test file
 * @param readiness the tested kind's readiness rules, or null when its templates did not load
 * @param readinessError why they did not load, when {@code readiness} is null
 */
record CaseContext(
    Rendering rendering,
    SnapshotStore snapshots,
    ReadinessRules readiness,
    OperatorException readinessError) {

  /** A context without readiness rules: children are judged by the built-in rules. */
  CaseContext(Rendering rendering, SnapshotStore snapshots) {
    this(rendering, snapshots, ReadinessRules.none(), null);
  }
}
