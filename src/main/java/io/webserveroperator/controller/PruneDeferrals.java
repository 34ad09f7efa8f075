package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.status.EventSink;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Tells, once per deferral, which objects no longer rendered wait to be pruned and for which
 * children: a Normal event {@code PruneDeferred: Deployment ns/web-old is deleted once Deployment
 * ns/web-new is ready}. The reconciles that a rollout brings while they wait find the same deferral
 * and record nothing, so waiting costs no write; a new deferral (other objects) is told again. What
 * was told lives in memory: a restarted operator tells a deferral that still waits once more.
 *
 * <p>Thread-safe; the work queue guarantees one reconcile per resource at a time.
 */
final class PruneDeferrals {

  /** The reason of the event. */
  static final String REASON = "PruneDeferred";

  private final EventSink events;

  /** The deferred prunes each resource was last told of. */
  private final Map<ObjectRef, List<ObjectRef>> told = new ConcurrentHashMap<>();

  PruneDeferrals(EventSink events) {
    this.events = events;
  }

  /**
   * Records the event when {@code changeSet} defers prunes it has not told of yet, naming the
   * children that {@code ready} does not hold for; forgets the last deferral when none waits.
   */
  void record(
      ObjectRef ref,
      GenericKubernetesResource resource,
      ChangeSet changeSet,
      Predicate<Map<String, Object>> ready) {
    List<ObjectRef> deferred = changeSet.deferred();
    if (deferred.isEmpty()) {
      told.remove(ref);
    } else if (!deferred.equals(told.put(ref, deferred))) {
      List<ObjectRef> waitingFor =
          changeSet.children().entrySet().stream()
              .filter(child -> !ready.test(child.getValue()))
              .map(Map.Entry::getKey)
              .toList();
      events.normal(resource, REASON, message(deferred, waitingFor));
    }
  }

  void forget(ObjectRef ref) {
    told.remove(ref);
  }

  /** {@code Deployment ns/a, Service ns/b are deleted once Deployment ns/c is ready}. */
  static String message(List<ObjectRef> deferred, List<ObjectRef> waitingFor) {
    return names(deferred)
        + (deferred.size() == 1 ? " is" : " are")
        + " deleted once "
        + names(waitingFor)
        + (waitingFor.size() == 1 ? " is" : " are")
        + " ready";
  }

  private static String names(List<ObjectRef> refs) {
    return String.join(", ", refs.stream().map(ObjectRef::toString).toList());
  }
}
