package io.webserveroperator.template.watches;

import java.util.Objects;
import java.util.Optional;

/**
 * One readiness rule of a {@code watches.yaml} entry, as written: for the children of one kind,
 * Jinja expressions over the live child ({@code object}) that say whether it is ready, whether it
 * has failed, and what to show while it is not ready. {@code template.ReadinessRules} compiles
 * them.
 *
 * @param group the child's API group; empty for the core group
 * @param kind the child's kind
 * @param ready true (in Python's sense) when the child is ready
 * @param failed true when the child has failed for good rather than still progressing, if given
 * @param message what to show while the child is not ready, if given
 * @param where {@code watches.yaml entry 1 (WebServer), readiness rule 2}, for messages
 */
public record ReadinessRule(
    String group,
    String kind,
    String ready,
    Optional<String> failed,
    Optional<String> message,
    String where) {

  public ReadinessRule {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(where, "where");
    if (kind == null || kind.isBlank()) {
      throw new IllegalArgumentException(where + " needs a kind");
    }
    if (ready == null || ready.isBlank()) {
      throw new IllegalArgumentException(where + " needs a ready expression");
    }
    failed = failed == null ? Optional.empty() : failed;
    message = message == null ? Optional.empty() : message;
  }

  /** Whether the rule judges an object of this apiVersion and kind: its group and kind match. */
  public boolean judges(String apiVersion, String objectKind) {
    int slash = apiVersion == null ? -1 : apiVersion.indexOf('/');
    String objectGroup = slash < 0 ? "" : apiVersion.substring(0, slash);
    return group.equals(objectGroup) && kind.equals(objectKind);
  }

  /** {@code Certificate.cert-manager.io}, or {@code PersistentVolumeClaim} for the core group. */
  public String kindName() {
    return group.isEmpty() ? kind : kind + "." + group;
  }

  /** {@code watches.yaml entry 1 (WebServer), readiness rule 2 (Widget.test.example.com)}. */
  public String describe() {
    return where + " (" + kindName() + ")";
  }
}
