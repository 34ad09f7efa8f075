package io.webserveroperator.controller;

import io.webserveroperator.manifest.ObjectRef;
import java.util.List;

/**
 * The message of the Normal event {@code PruneDeferred}, told once per deferral: {@code Deployment
 * ns/web-old is deleted once Deployment ns/web-new is ready}. The reconciles that a rollout brings
 * while the prunes wait find the same deferral in the resource's memory and tell nothing, so
 * waiting costs no write; a new deferral (other objects) is told again.
 */
final class PruneDeferrals {

  private PruneDeferrals() {}

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
