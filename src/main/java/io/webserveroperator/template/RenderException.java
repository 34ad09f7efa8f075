package io.webserveroperator.template;

import io.webserveroperator.template.source.TemplateException;

/**
 * A template could not be rendered into valid manifests for one resource. The message names the
 * resource, the template file and line, and the cause, e.g. {@code WebServer default/web:
 * webserver/deployment.yaml.j2:12: unknown variable 'spec.imag'}.
 */
public class RenderException extends TemplateException {

  private final String resource;

  /**
   * @param resource the resource being rendered, as {@code Kind namespace/name}
   * @param template the template file, relative to the templates folder; null when not known
   * @param line the 1-based line in that file; 0 when not known
   * @param reason what went wrong, as a sentence
   */
  public RenderException(String resource, String template, int line, String reason) {
    this(resource, template, line, reason, null);
  }

  public RenderException(
      String resource, String template, int line, String reason, Throwable cause) {
    super(resource == null ? "" : resource + ": ", template, line, reason, cause);
    this.resource = resource;
  }

  public String resource() {
    return resource;
  }
}
