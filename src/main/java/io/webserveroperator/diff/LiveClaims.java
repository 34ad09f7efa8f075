package io.webserveroperator.diff;

import java.util.List;
import java.util.Map;

/**
 * Where a plan reads the PersistentVolumeClaims a StatefulSet made from: the API server, in a run
 * and in a preview alike (the operator caches no claim: a StatefulSet, not a template, makes them).
 * Asked only when a StatefulSet whose claims may have to grow is recreated.
 */
@FunctionalInterface
public interface LiveClaims {

  /** The claims of {@code namespace} that carry every one of {@code labels}, as plain maps. */
  List<Map<String, Object>> list(String namespace, Map<String, String> labels);
}
