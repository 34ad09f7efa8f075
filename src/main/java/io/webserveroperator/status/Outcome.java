package io.webserveroperator.status;

import java.util.Objects;

/**
 * How a reconcile ended before readiness is judged.
 *
 * @param succeeded whether every step before the status succeeded
 * @param reason the Ready condition's reason when it failed ({@link Reason#RENDER_FAILED}, {@link
 *     Reason#APPLY_FAILED}, ...); {@link Reason#APPLIED} when it succeeded
 * @param message what happened, for people
 */
public record Outcome(boolean succeeded, Reason reason, String message) {

  public Outcome {
    Objects.requireNonNull(reason, "reason");
    message = message == null ? "" : message;
  }

  public static Outcome applied() {
    return new Outcome(true, Reason.APPLIED, "");
  }

  public static Outcome failed(Reason reason, String message) {
    return new Outcome(false, reason, message);
  }
}
