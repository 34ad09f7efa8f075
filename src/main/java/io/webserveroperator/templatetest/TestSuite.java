package io.webserveroperator.templatetest;

import io.webserveroperator.template.watches.TemplatedKind;
import java.nio.file.Path;
import java.util.List;

/**
 * One test file.
 *
 * @param file the file
 * @param name how results name it: the file's path under the templates folder
 * @param watch the kind whose templates it tests: the one whose folder holds it
 * @param cases its cases, in file order
 */
record TestSuite(Path file, String name, TemplatedKind watch, List<TestCase> cases) {

  TestSuite {
    cases = List.copyOf(cases);
  }
}
