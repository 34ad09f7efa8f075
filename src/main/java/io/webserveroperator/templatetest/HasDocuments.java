package io.webserveroperator.templatetest;

/**
 * {@code hasDocuments}: the render has so many objects, or so many that the selector matches.
 *
 * @param document which objects count
 * @param count how many
 */
record HasDocuments(DocumentSelector document, int count) implements Assertion {

  @Override
  public void check(CaseContext context) {
    int found = context.rendering().matching(document).size();
    if (found != count) {
      throw new AssertionFailure(
          "expected "
              + count
              + ", got "
              + found
              + ". Rendered: "
              + context.rendering().summary()
              + ".");
    }
  }

  @Override
  public String describe() {
    return "hasDocuments"
        + (document.equals(DocumentSelector.ANY) ? "" : " of " + document.describe());
  }
}
