package io.webserveroperator.templatetest;

import io.webserveroperator.template.GivenObjects;
import java.util.List;
import java.util.Map;

/**
 * One case of a test file: a resource and what it must render to.
 *
 * @param name what it checks, from {@code it}
 * @param resource the custom resource to render, as plain maps
 * @param lookups the objects the templates' lookups find
 * @param children the resource's live children, as {@code children} holds them
 * @param assertions checked in order; all of them, so that one run shows every failure
 */
record TestCase(
    String name,
    Map<String, Object> resource,
    List<Map<String, Object>> lookups,
    List<Map<String, Object>> children,
    List<Assertion> assertions) {

  TestCase {
    lookups = List.copyOf(lookups);
    children = List.copyOf(children);
    assertions = List.copyOf(assertions);
  }

  /** The cluster as the case gives it. */
  GivenObjects cluster() {
    return new GivenObjects(lookups, children);
  }
}
