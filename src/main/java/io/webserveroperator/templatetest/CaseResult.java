package io.webserveroperator.templatetest;

import java.time.Duration;
import java.util.List;

/**
 * The outcome of one case.
 *
 * @param suite the test file, by its path under the templates folder
 * @param name the case's {@code it}, or {@link #FILE} when the file itself could not be read
 * @param failures one message per assertion that did not hold; empty when the case passed
 * @param time how long rendering and checking took
 */
public record CaseResult(String suite, String name, List<String> failures, Duration time) {

  /** The case name of a test file that could not be read. */
  public static final String FILE = "(reading the test file)";

  public CaseResult {
    failures = List.copyOf(failures);
  }

  public boolean passed() {
    return failures.isEmpty();
  }
}
