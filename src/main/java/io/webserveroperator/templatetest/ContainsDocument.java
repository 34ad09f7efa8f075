package io.webserveroperator.templatetest;

/**
 * {@code containsDocument} and {@code notContainsDocument}: an object of this kind and name is, or
 * is not, rendered.
 *
 * @param document the object
 * @param present true for {@code containsDocument}, false for {@code notContainsDocument}
 */
record ContainsDocument(DocumentSelector document, boolean present) implements Assertion {

  @Override
  public void check(CaseContext context) {
    boolean found = !context.rendering().matching(document).isEmpty();
    if (found != present) {
      throw new AssertionFailure(
          (present ? "not rendered" : "rendered")
              + ". Rendered: "
              + context.rendering().summary()
              + ".");
    }
  }

  @Override
  public String describe() {
    return (present ? "containsDocument " : "notContainsDocument ") + document.describe();
  }
}
