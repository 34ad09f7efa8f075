package io.webserveroperator.template.source;

/**
 * The templates of one kind could not be loaded: a file does not parse or uses what the engine
 * refuses, the folder holds nothing to render, the status template is missing, or the kind's entry
 * of watches.yaml is malformed ({@code watches.TemplatedKind#problem}). It concerns that kind only;
 * the others load and render on.
 */
public final class TemplateLoadException extends TemplateException {

  /**
   * @param template the file at fault, relative to the templates folder: a template, or
   *     watches.yaml; null when no one file is at fault
   * @param line the 1-based line in that file; 0 when not known
   * @param reason what went wrong, as a sentence
   */
  public TemplateLoadException(String template, int line, String reason) {
    super("", template, line, reason, null);
  }
}
