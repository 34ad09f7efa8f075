package io.webserveroperator.template;

import io.webserveroperator.template.source.TemplateLoadException;

/**
 * A resource cannot be rendered because the templates of its kind did not load; the message names
 * the resource, then the file and line at fault. Renders of every other kind go on, and a good edit
 * of the templates makes this kind render again.
 */
public final class TemplatesInvalidException extends RenderException {

  TemplatesInvalidException(String resource, TemplateLoadException cause) {
    super(resource, cause.template(), cause.line(), cause.reason(), cause);
  }
}
