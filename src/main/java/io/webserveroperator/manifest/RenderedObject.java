package io.webserveroperator.manifest;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One desired object as the templates rendered it, after validation and with the operator's labels
 * and owner reference injected.
 *
 * @param ref its identity
 * @param body the whole object as plain maps, lists and scalars (what is sent to the API server)
 * @param template the template file it came from, relative to the templates folder, for messages
 * @param generated the fields of a Secret that {@code generated_secret} stands in, which hold
 *     {@link GeneratedField#PLACEHOLDER} until the object is planned
 */
public record RenderedObject(
    ObjectRef ref, Map<String, Object> body, String template, List<GeneratedField> generated) {

  public RenderedObject {
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(template, "template");
    generated = generated == null ? List.of() : List.copyOf(generated);
  }

  /** An object without generated fields. */
  public RenderedObject(ObjectRef ref, Map<String, Object> body, String template) {
    this(ref, body, template, List.of());
  }

  /** The same object with another body, such as the one planned to be sent. */
  public RenderedObject withBody(Map<String, Object> other) {
    return new RenderedObject(ref, other, template, generated);
  }
}
