package io.webserveroperator.manifest;

import java.util.Map;
import java.util.Objects;

/**
 * One desired object as the templates rendered it, after validation and with the operator's labels
 * and owner reference injected.
 *
 * @param ref its identity
 * @param body the whole object as plain maps, lists and scalars (what is sent to the API server)
 * @param template the template file it came from, relative to the templates folder, for messages
 */
public record RenderedObject(ObjectRef ref, Map<String, Object> body, String template) {

  public RenderedObject {
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(template, "template");
  }
}
