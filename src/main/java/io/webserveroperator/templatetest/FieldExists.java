package io.webserveroperator.templatetest;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code exists} and {@code notExists}: a field is there with a value other than null, or is not
 * (absent or null), as helm-unittest's {@code isNotNull} and {@code isNull}.
 *
 * @param target the field
 * @param exists true for {@code exists}, false for {@code notExists}
 */
record FieldExists(FieldTarget target, boolean exists) implements Assertion {

  @Override
  public void check(CaseContext context) {
    JsonNode actual = target.value(context.rendering());
    boolean present = !actual.isMissingNode() && !actual.isNull();
    if (present != exists) {
      throw new AssertionFailure(
          (exists ? "the field is missing" : "it is " + JsonValues.show(actual)));
    }
  }

  @Override
  public String describe() {
    return (exists ? "exists " : "notExists ") + target.describe();
  }
}
