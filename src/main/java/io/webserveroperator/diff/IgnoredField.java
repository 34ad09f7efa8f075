package io.webserveroperator.diff;

import io.webserveroperator.manifest.JsonPointer;
import java.util.Objects;

/**
 * A field an {@code ignoreDifferences} entry keeps out of the comparison, as {@code diff} shows it
 * rather than hiding it.
 *
 * @param pointer the field
 * @param how what the operator does with it
 * @param manager the manager it is yielded to, or null
 * @param live its live value, or null when the live object has none
 * @param template the value the template renders, or null when it renders none
 */
public record IgnoredField(
    JsonPointer pointer, How how, String manager, Object live, Object template) {

  /** What the operator does with an ignored field. */
  public enum How {
    /** Another manager has set it: left out of what is applied, so that it keeps it. */
    YIELDED,
    /** Never corrected: applied with its live value, so that the operator keeps it unchanged. */
    IGNORED,
    /**
     * The template no longer sets it and no listed manager has set it yet: applied with its live
     * value until one does, so that it never falls to its default in between.
     */
    HELD
  }

  public IgnoredField {
    Objects.requireNonNull(pointer, "pointer");
    Objects.requireNonNull(how, "how");
  }

  /** {@code ~ /spec/replicas yielded to kube-controller-manager (live 5, template 2)}. */
  public String describe() {
    String what =
        switch (how) {
          case YIELDED -> "yielded to " + manager;
          case IGNORED -> "ignored, never corrected";
          case HELD -> "held at its live value until " + manager + " sets it";
        };
    return "~ "
        + pointer
        + " "
        + what
        + " (live "
        + (live == null ? "none" : live)
        + ", template "
        + (template == null ? "none" : template)
        + ")";
  }
}
