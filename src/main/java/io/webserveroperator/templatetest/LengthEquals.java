package io.webserveroperator.templatetest;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code lengthEqual}: a list has so many items, or a map so many keys.
 *
 * @param target the list or map
 * @param count how many
 */
record LengthEquals(FieldTarget target, int count) implements Assertion {

  @Override
  public void check(CaseContext context) {
    JsonNode actual = target.value(context.rendering());
    if (!actual.isContainerNode()) {
      throw new AssertionFailure("expected a list or map, got " + JsonValues.show(actual));
    }
    if (actual.size() != count) {
      throw new AssertionFailure(
          "expected " + count + " items, got " + actual.size() + ":" + JsonValues.show(actual));
    }
  }

  @Override
  public String describe() {
    return "lengthEqual " + target.describe();
  }
}
