package io.webserveroperator.preview;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which of a kind's live resources {@link DryRunDiff#diffLive(String, LiveSelection)} diffs, and
 * the template revision each renders from.
 */
@FunctionalInterface
public interface LiveSelection {

  /**
   * A live resource to diff.
   *
   * @param resource the resource as listed
   * @param revision the hash of the kind's revision to render it from, one its registry knows;
   *     empty for the kind's current templates
   */
  record Pick(GenericKubernetesResource resource, Optional<String> revision) {

    public Pick {
      Objects.requireNonNull(resource, "resource");
      Objects.requireNonNull(revision, "revision");
    }
  }

  /** Of the kind's live resources, those to diff, in that order. */
  List<Pick> select(TemplatedKind watch, List<GenericKubernetesResource> live);

  /** Every resource, from the kind's current templates. */
  static LiveSelection current() {
    return (watch, live) ->
        live.stream().map(resource -> new Pick(resource, Optional.empty())).toList();
  }
}
