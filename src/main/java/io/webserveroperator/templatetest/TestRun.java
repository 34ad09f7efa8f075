package io.webserveroperator.templatetest;

import java.nio.file.Path;
import java.util.List;

/**
 * The outcome of a run of template tests.
 *
 * @param cases every case, in the order run
 * @param snapshotsWritten the snapshot files written because a snapshot was new or updated
 */
public record TestRun(List<CaseResult> cases, List<Path> snapshotsWritten) {

  public TestRun {
    cases = List.copyOf(cases);
    snapshotsWritten = List.copyOf(snapshotsWritten);
  }

  public long passed() {
    return cases.stream().filter(CaseResult::passed).count();
  }

  public long failed() {
    return cases.size() - passed();
  }

  /** {@code 12 passed, 1 failed}. */
  public String summary() {
    return passed() + " passed, " + failed() + " failed";
  }
}
