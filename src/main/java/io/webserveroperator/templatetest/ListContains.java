package io.webserveroperator.templatetest;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code contains} and {@code notContains}: a list has, or has not, an item like {@code content}. A
 * map matches an item that holds at least its keys and values (as {@code isSubset}), so that {@code
 * {name: nginx}} finds a container without spelling out all of it.
 *
 * @param target the list
 * @param content the item looked for
 * @param contains true for {@code contains}, false for {@code notContains}
 */
record ListContains(FieldTarget target, JsonNode content, boolean contains) implements Assertion {

  @Override
  public void check(CaseContext context) {
    JsonNode actual = target.value(context.rendering());
    if (!actual.isArray()) {
      throw new AssertionFailure("expected a list, got " + JsonValues.show(actual));
    }
    boolean found = false;
    for (JsonNode item : actual) {
      found |= JsonValues.subset(content, item);
    }
    if (found != contains) {
      throw new AssertionFailure(
          (contains ? "no item is like " : "an item is like ")
              + JsonValues.show(content)
              + "\n  in the list:"
              + JsonValues.show(actual));
    }
  }

  @Override
  public String describe() {
    return (contains ? "contains " : "notContains ") + target.describe();
  }
}
