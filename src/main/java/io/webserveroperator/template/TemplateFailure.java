package io.webserveroperator.template;

/**
 * Raised inside a render by a filter such as {@code required}; the renderer turns it into a {@link
 * RenderException} with the file and line.
 */
final class TemplateFailure extends RuntimeException {

  private static final long serialVersionUID = 1L;

  TemplateFailure(String message) {
    super(message);
  }
}
