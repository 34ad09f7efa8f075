package io.webserveroperator.templatetest;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code equal} and {@code notEqual}: a field has, or has not, a value.
 *
 * @param target the field
 * @param value the value, as written in the test file
 * @param equal true for {@code equal}, false for {@code notEqual}
 */
record FieldEquals(FieldTarget target, JsonNode value, boolean equal) implements Assertion {

  @Override
  public void check(CaseContext context) {
    JsonNode actual = target.value(context.rendering());
    if (equal && !JsonValues.same(value, actual)) {
      throw new AssertionFailure(JsonValues.difference(value, actual));
    }
    if (!equal && JsonValues.same(value, actual)) {
      throw new AssertionFailure("it is " + JsonValues.show(actual));
    }
  }

  @Override
  public String describe() {
    return (equal ? "equal " : "notEqual ") + target.describe();
  }
}
