package io.webserveroperator.diff;

import io.webserveroperator.manifest.ObjectRef;
import java.util.Map;
import java.util.Optional;

/**
 * Where a plan reads live objects from: the operator's caches when it runs, the API server when
 * {@code diff} previews. The one difference between a run's plan and a preview's.
 */
@FunctionalInterface
public interface LiveObjects {

  /** The object as it is live, as plain maps; empty when it does not exist. */
  Optional<Map<String, Object>> get(ObjectRef ref);
}
