package io.webserveroperator.template;

import java.util.Map;

/**
 * A resource as its templates read it: a read-only copy of plain maps, lists and scalars, made once
 * per reconcile and read by every template of it, the status template included.
 *
 * @param values the copy ({@code apiVersion}, {@code kind}, {@code metadata}, {@code spec}, ...)
 */
public record TemplateInput(Map<String, Object> values) {

  /**
   * Copies {@code resource} (as parsed from YAML or JSON) into what templates may read.
   *
   * @throws RenderException when the resource is nested too deeply to copy
   */
  public static TemplateInput of(Map<String, Object> resource) {
    return new TemplateInput(Renderer.exhaustible(resource, () -> ContextValues.copyMap(resource)));
  }

  /** {@code WebServer ns/name}, as errors name the resource. */
  public String describe() {
    return Renderer.describe(values);
  }
}
