package io.webserveroperator.template;

import java.util.Objects;

/**
 * How one live child is doing, as the kind's readiness rule or the built-in rule for its kind
 * judges it ({@link ReadinessRules#judge}): the one verdict the prune gate, the events and the
 * status all read.
 *
 * @param state ready, progressing or failed
 * @param message why it is not ready yet, or failed; empty when it is ready
 */
public record ReadinessVerdict(State state, String message) {

  /** How a child is doing. */
  public enum State {
    READY,
    PROGRESSING,
    FAILED
  }

  private static final ReadinessVerdict READY = new ReadinessVerdict(State.READY, "");

  public ReadinessVerdict {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(message, "message");
  }

  /** Ready, with nothing to say. */
  public static ReadinessVerdict ready() {
    return READY;
  }

  public static ReadinessVerdict progressing(String message) {
    return new ReadinessVerdict(State.PROGRESSING, message);
  }

  public static ReadinessVerdict failed(String message) {
    return new ReadinessVerdict(State.FAILED, message);
  }

  public boolean isReady() {
    return state == State.READY;
  }
}
