package io.webserveroperator.templatetest;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A field of one rendered object: what field assertions look at.
 *
 * @param document which object
 * @param path which field in it
 */
record FieldTarget(DocumentSelector document, FieldPath path) {

  /**
   * The value there; a missing node when the object has no such field.
   *
   * @throws AssertionFailure when the render failed or the selector does not match one object
   */
  JsonNode value(Rendering rendering) {
    return path.in(rendering.object(document));
  }

  /** {@code spec.replicas of Deployment shop-deployment}. */
  String describe() {
    String field = path.equals(FieldPath.WHOLE) ? "the object" : path.text();
    return field + (document.equals(DocumentSelector.ANY) ? "" : " of " + document.describe());
  }
}
