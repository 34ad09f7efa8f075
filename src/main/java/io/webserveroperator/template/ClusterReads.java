package io.webserveroperator.template;

import java.util.List;
import java.util.Map;

/**
 * What a render may read of the cluster besides its resource: the resource's live children, which
 * {@code children} holds in every template, and the objects a {@code lookup} finds. The operator
 * reads them from its caches; {@code diff} from the API server; {@code render} and {@code test}
 * from objects given in files ({@link GivenObjects}). A render calls each at most once per read, on
 * the rendering thread; what an implementation records of the calls is what the render read.
 */
public interface ClusterReads {

  /** Reads nothing: no children, and every lookup finds nothing. */
  ClusterReads NONE =
      new ClusterReads() {
        @Override
        public Map<String, Map<String, Map<String, Object>>> children() {
          return Map.of();
        }

        @Override
        public List<Map<String, Object>> lookup(Lookup lookup) {
          return List.of();
        }
      };

  /**
   * The resource's live children, by kind, then name; asked once per render, when a template first
   * reads {@code children}.
   */
  Map<String, Map<String, Map<String, Object>>> children();

  /**
   * The objects the lookup finds, each as plain maps; one at most for a lookup by name, empty when
   * there is none (or, offline, no answer).
   *
   * @throws LookupException when it cannot be answered: a kind the API server does not serve, or
   *     one the operator may not list
   */
  List<Map<String, Object>> lookup(Lookup lookup);
}
