package io.webserveroperator.template.source;

import io.webserveroperator.OperatorException;

/**
 * What went wrong at a place in the templates, as every message names it: {@code file:line:
 * reason}, the file relative to the templates folder. The templates failed to load ({@link
 * TemplateLoadException}) or to render for one resource (the pipeline's {@code RenderException}).
 */
public abstract class TemplateException extends OperatorException {

  private final String template;
  private final int line;
  private final String reason;

  /**
   * @param before what the message names ahead of the place, e.g. the resource; empty for nothing
   * @param template the file at fault; null when no one file is
   * @param line the 1-based line in that file; 0 when not known
   * @param reason what went wrong, as a sentence
   */
  protected TemplateException(
      String before, String template, int line, String reason, Throwable cause) {
    super(before + place(template, line) + reason, cause);
    this.template = template;
    this.line = line;
    this.reason = reason;
  }

  /** {@code file:line: }, {@code file: } when the line is not known, or nothing without a file. */
  private static String place(String template, int line) {
    if (template == null) {
      return "";
    }
    return line > 0 ? template + ":" + line + ": " : template + ": ";
  }

  public String template() {
    return template;
  }

  public int line() {
    return line;
  }

  public String reason() {
    return reason;
  }
}
