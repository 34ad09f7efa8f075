package io.webserveroperator.status;

import java.util.Objects;

/**
 * How a reconcile ended before readiness is judged.
 *
 * @param reason a CamelCase condition reason: {@code Applied}, {@code RenderFailed}, {@code
 *     TemplatesInvalid}, {@code ApplyFailed} (a failed apply or prune that a retry may fix) or
 *     {@code Invalid} (an object the API server refuses)
 * @param message what happened, for people
 */
public record Outcome(boolean succeeded, String reason, String message) {

  public Outcome {
    Objects.requireNonNull(reason, "reason");
    message = message == null ? "" : message;
  }

  public static Outcome applied() {
    return new Outcome(true, "Applied", "");
  }

  public static Outcome failed(String reason, String message) {
    return new Outcome(false, reason, message);
  }
}
