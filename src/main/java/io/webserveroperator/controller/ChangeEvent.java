package io.webserveroperator.controller;

import io.webserveroperator.apply.Change;
import io.webserveroperator.status.Reason;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one Normal Event a reconcile records for the writes it made, naming every object it changed:
 * {@code Created: Created Deployment ns/web-deployment, Service ns/web-service}. One Event per
 * reconcile rather than one per child halves the Events of a new resource, which are the only
 * writes beyond the minimal ones; {@code kubectl describe} still names each object and what was
 * done to it.
 *
 * @param reason {@code Created}, {@code Updated}, {@code DriftCorrected}, {@code Recreated}, {@code
 *     Expanded}, {@code Adopted}, {@code Pruned} or {@code Kept} when every change was of that
 *     kind, {@code Applied} when they were mixed; {@code Adopted} whenever an object was adopted
 * @param message the changes grouped by what was done, in the order they were made: {@code Created
 *     Deployment ns/a, Service ns/b; Pruned Ingress ns/c}
 */
record ChangeEvent(Reason reason, String message) {

  ChangeEvent {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(message, "message");
  }

  /** The Event for {@code changes}, or empty when the reconcile changed nothing. */
  static Optional<ChangeEvent> of(List<Change> changes) {
    if (changes.isEmpty()) {
      return Optional.empty();
    }
    Map<String, List<String>> objectsByVerb = new LinkedHashMap<>();
    changes.forEach(
        change ->
            objectsByVerb
                .computeIfAbsent(change.verb(), verb -> new ArrayList<>())
                .add(change.ref().toString()));
    List<String> clauses = new ArrayList<>();
    objectsByVerb.forEach((verb, objects) -> clauses.add(verb + " " + String.join(", ", objects)));
    List<Reason> reasons = changes.stream().map(ChangeEvent::reason).distinct().toList();
    // Taking over an object that existed is what its owner must be able to find: it names the
    // event even among other changes.
    Reason reason =
        reasons.contains(Reason.ADOPTED)
            ? Reason.ADOPTED
            : reasons.size() == 1 ? reasons.get(0) : Reason.APPLIED;
    return Optional.of(new ChangeEvent(reason, String.join("; ", clauses)));
  }

  private static Reason reason(Change change) {
    return switch (change.action()) {
      case CREATE -> Reason.CREATED;
      case UPDATE -> change.drift() ? Reason.DRIFT_CORRECTED : Reason.UPDATED;
      case RECREATE -> Reason.RECREATED;
      case EXPAND_CLAIM -> Reason.EXPANDED;
      case ADOPT -> Reason.ADOPTED;
      case PRUNE -> Reason.PRUNED;
      case ORPHAN -> Reason.KEPT;
      case UNCHANGED, CONFLICT, REFUSED ->
          throw new IllegalArgumentException(
              "no event for " + change.action() + " " + change.ref());
    };
  }
}
