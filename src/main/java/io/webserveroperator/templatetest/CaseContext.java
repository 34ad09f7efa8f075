package io.webserveroperator.templatetest;

/**
 * What an assertion checks against: the render of its case, and where snapshots of that case are
 * kept.
 *
 * @param rendering the objects or the render error
 * @param snapshots the snapshot file of the case's test file
 */
record CaseContext(Rendering rendering, SnapshotStore snapshots) {}
