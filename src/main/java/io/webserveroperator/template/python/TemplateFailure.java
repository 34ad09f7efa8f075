package io.webserveroperator.template.python;

/**
 * Raised inside a render by a filter such as {@code required}; the renderer turns it into a {@link
 * RenderException} with the file and line.
 */
public final class TemplateFailure extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final int line;

  public TemplateFailure(String message) {
    this(message, 0);
  }

  /** A failure found in the rendered text, at {@code line} of the template; 0 when not known. */
  public TemplateFailure(String message, int line) {
    super(message);
    this.line = line;
  }

  /** The template line the failure was found at, or 0 when the renderer knows it better. */
  public int line() {
    return line;
  }
}
