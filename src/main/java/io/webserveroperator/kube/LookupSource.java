package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.Lookup;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where a reconcile's lookups are answered, and who is told when an answer changes: the operator's
 * {@link LookupCaches}. Reads never call the API server.
 */
public interface LookupSource {

  /** What a lookup finds now. */
  sealed interface Read {

    /**
     * Listed: the objects found, in namespace and name order.
     *
     * @param versions their names and resource versions, to tell later whether anything changed
     */
    record Found(List<GenericKubernetesResource> objects, String versions) implements Read {}

    /** The cache has not listed yet; {@link #await} waits for it. */
    record Pending() implements Read {}

    /** The lookup cannot be answered, in a sentence that says what to do. */
    record Failed(String message) implements Read {}
  }

  /** What the lookup finds now; never blocks. */
  Read read(Lookup lookup);

  /**
   * Waits until the answers of {@code lookups} are listed, or have failed, for {@code within} at
   * most.
   *
   * @return the lookups still not listed
   */
  Set<Lookup> await(Collection<Lookup> lookups, Duration within);

  /** What the lookup finds now, as {@link Read.Found#versions}; empty when not listed. */
  Optional<String> versions(Lookup lookup);

  /** {@code reader} reads {@code lookup}: told of its changes from now on. */
  void reading(ObjectRef reader, Lookup lookup);

  /** {@code reader} reads exactly {@code lookups}, as its last render did. */
  void readBy(ObjectRef reader, Set<Lookup> lookups);

  /** {@code reader} is gone: it reads nothing any more. */
  default void forget(ObjectRef reader) {
    readBy(reader, Set.of());
  }
}
