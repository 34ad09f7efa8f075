package io.webserveroperator.template;

import io.webserveroperator.manifest.RenderedObject;
import java.util.List;
import java.util.Objects;

/**
 * What one render of a resource gave: its objects, and the values of the Secrets it read, which
 * whatever shows the objects masks ({@link SecretValues}).
 *
 * @param objects the validated, labelled objects, in file-name order
 * @param secrets the values of the Secrets the render read
 */
public record Rendered(List<RenderedObject> objects, SecretValues secrets) {

  public Rendered {
    objects = List.copyOf(objects);
    Objects.requireNonNull(secrets, "secrets");
  }
}
