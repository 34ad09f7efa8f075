package io.webserveroperator.controller;

import io.webserveroperator.OperatorException;
import io.webserveroperator.kube.LookupSource;
import io.webserveroperator.template.Lookup;
import io.webserveroperator.template.RenderException;
import java.time.Duration;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Renders until every lookup the render made is answered. A lookup whose cache has not listed yet
 * (the first render to need it) finds nothing for that render, which is then thrown away: the
 * reconcile waits for those caches, {@link #WAIT} at most in all, and renders again. A render whose
 * lookups are all answered is the one that counts, whether it succeeded or failed.
 */
final class LookupRounds {

  /** How long a reconcile waits, in all, for the caches its lookups need to list. */
  static final Duration WAIT = Duration.ofSeconds(10);

  private LookupRounds() {}

  /**
   * @throws RenderException as the last render failed
   * @throws Pending when caches have not listed within {@link #WAIT}
   */
  static <T> T render(ReconcileReads reads, LookupSource lookups, Supplier<T> render) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      reads.beginRound();
      T result = null;
      RenderException failure = null;
      try {
        result = render.get();
      } catch (RenderException e) {
        failure = e;
      }
      Set<Lookup> pending = reads.pending();
      if (pending.isEmpty()) {
        if (failure != null) {
          throw failure;
        }
        return result;
      }
      Set<Lookup> waiting =
          lookups.await(pending, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
      if (!waiting.isEmpty()) {
        throw new Pending(waiting);
      }
    }
  }

  /** Lookups whose caches have not listed in time: the resource is retried after a backoff. */
  static final class Pending extends OperatorException {

    private static final long serialVersionUID = 1L;

    Pending(Set<Lookup> waiting) {
      super(
          "waiting for the caches of "
              + waiting.stream().map(Lookup::describe).collect(Collectors.joining(", "))
              + " to list, which took more than "
              + WAIT.toSeconds()
              + " s; nothing was applied, and the resource is rendered again after a backoff."
              + " Check that the API server answers lists of that kind.");
    }
  }
}
