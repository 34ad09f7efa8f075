package io.webserveroperator.rollout;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.template.watches.TemplatedKind;

/** Says which template revision a resource renders from. */
@FunctionalInterface
public interface RevisionChooser {

  RevisionChoice choose(TemplatedKind watch, GenericKubernetesResource resource);

  /** Always the kind's current templates: for a reconciler that keeps no revisions. */
  static RevisionChooser current() {
    return (watch, resource) -> RevisionChoice.current();
  }
}
