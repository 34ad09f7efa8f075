package io.webserveroperator.templatetest;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code isSubset}: a map field (or the whole object, without a path) holds at least the keys and
 * values of {@code content}, nested maps compared the same way.
 *
 * @param target the map
 * @param content the keys and values it must hold
 */
record IsSubset(FieldTarget target, JsonNode content) implements Assertion {

  @Override
  public void check(CaseContext context) {
    JsonNode actual = target.value(context.rendering());
    if (!JsonValues.subset(content, actual)) {
      throw new AssertionFailure(
          JsonValues.difference(content, JsonValues.projection(content, actual)));
    }
  }

  @Override
  public String describe() {
    return "isSubset " + target.describe();
  }
}
