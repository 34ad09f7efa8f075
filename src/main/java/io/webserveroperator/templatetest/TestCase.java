package io.webserveroperator.templatetest;

import java.util.List;
import java.util.Map;

/**
 * One case of a test file: a resource and what it must render to.
 *
 * @param name what it checks, from {@code it}
 * @param resource the custom resource to render, as plain maps
 * @param assertions checked in order; all of them, so that one run shows every failure
 */
record TestCase(String name, Map<String, Object> resource, List<Assertion> assertions) {

  TestCase {
    assertions = List.copyOf(assertions);
  }
}
