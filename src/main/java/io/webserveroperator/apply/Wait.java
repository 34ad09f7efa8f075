package io.webserveroperator.apply;

import io.webserveroperator.manifest.ObjectRef;
import java.util.Objects;

/**
 * A rendered object left exactly as it is this reconcile, not created, updated or pruned, because
 * what it waits for is not ready yet: the objects of a lower wave, the siblings it depends on, or
 * the object it replaces, still there. A later reconcile, brought by their status changes, goes on.
 *
 * @param object the object that waits
 * @param wave its wave
 * @param message {@code Job ns/orders-create-db (wave 1) waits for StatefulSet ns/orders (0 of 1
 *     replicas ready)}: what the {@code Progressing} condition and the event say
 */
public record Wait(ObjectRef object, int wave, String message) {

  public Wait {
    Objects.requireNonNull(object, "object");
    Objects.requireNonNull(message, "message");
  }
}
