package io.webserveroperator.templatetest;

/**
 * {@code failedTemplate}: the render fails, with a message (resource, template file and line,
 * reason) that contains a text.
 *
 * @param errorContains the text
 */
record FailedTemplate(String errorContains) implements Assertion {

  @Override
  public void check(CaseContext context) {
    Rendering rendering = context.rendering();
    if (rendering.error() == null) {
      throw new AssertionFailure("the render succeeded. Rendered: " + rendering.summary() + ".");
    }
    String message = rendering.error().getMessage();
    if (!message.contains(errorContains)) {
      throw new AssertionFailure("the render failed with another message:\n    " + message);
    }
  }

  @Override
  public String describe() {
    return "failedTemplate with \"" + errorContains + "\"";
  }
}
