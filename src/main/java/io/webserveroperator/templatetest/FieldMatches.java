package io.webserveroperator.templatetest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Pattern;

/**
 * {@code matchRegex} and {@code notMatchRegex}: a scalar field's text does, or does not, contain a
 * match of a regular expression (Java syntax; anchor it with {@code ^...$} to match the whole).
 *
 * @param target the field
 * @param pattern the expression
 * @param match true for {@code matchRegex}, false for {@code notMatchRegex}
 */
record FieldMatches(FieldTarget target, Pattern pattern, boolean match) implements Assertion {

  @Override
  public void check(CaseContext context) {
    JsonNode actual = target.value(context.rendering());
    if (!actual.isValueNode() || actual.isNull()) {
      throw new AssertionFailure("expected a text or number, got " + JsonValues.show(actual));
    }
    boolean found = pattern.matcher(actual.asText()).find();
    if (found != match) {
      throw new AssertionFailure(
          JsonValues.show(actual) + (match ? " does not match /" : " matches /") + pattern + "/");
    }
  }

  @Override
  public String describe() {
    return (match ? "matchRegex " : "notMatchRegex ") + target.describe();
  }
}
