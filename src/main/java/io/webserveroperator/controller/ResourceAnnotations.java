package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.status.StatusBuilder;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The annotations a user sets on a watched resource (a WebServer) to steer its reconciles, as Flux
 * and kro users know them. They are read from the cached resource at the start of every reconcile;
 * setting, changing or removing one is itself a change of the resource, so it is reconciled at
 * once. (The annotations the templates write on rendered objects are {@link Lifecycle}'s.)
 *
 * <ul>
 *   <li>{@link #RECONCILE}: {@value #DISABLED} suspends the resource: nothing is rendered, applied,
 *       pruned or corrected, and its status gets the condition {@code Suspended=True} once, and
 *       nothing else. Flux's {@code kustomize.toolkit.fluxcd.io/reconcile: disabled}, kro's {@code
 *       kro.run/reconcile: suspended}. {@value #ENABLED}, Flux's value for resuming from Git, or no
 *       annotation: reconciled as usual. Any other value is reconciled as usual too, with a Warning
 *       event, since someone meant something by it.
 *   <li>{@link #REQUESTED_AT}: any token; a token the status's {@code lastHandledReconcileAt} does
 *       not hold yet asks for a full reconcile now, even when nothing it reads has changed, and is
 *       written there once that reconcile is done. Flux's {@code reconcile.fluxcd.io/requestedAt}.
 * </ul>
 */
public final class ResourceAnnotations {

  /** Whether the operator reconciles the resource: {@value #DISABLED} or {@value #ENABLED}. */
  public static final String RECONCILE = Lifecycle.PREFIX + "reconcile";

  /** The {@link #RECONCILE} value that suspends the resource. */
  public static final String DISABLED = "disabled";

  /** The {@link #RECONCILE} value that says, as its absence does, to reconcile as usual. */
  public static final String ENABLED = "enabled";

  /** A token that asks for a reconcile now; handled once, then recorded in the status. */
  public static final String REQUESTED_AT = Lifecycle.PREFIX + "requested-at";

  private ResourceAnnotations() {}

  /** Whether the resource's reconciles are disabled. */
  public static boolean disabled(HasMetadata resource) {
    return DISABLED.equals(annotation(resource, RECONCILE));
  }

  /**
   * The value of {@link #RECONCILE} when it is neither {@value #DISABLED} nor {@value #ENABLED}.
   */
  static Optional<String> unknownReconcileValue(HasMetadata resource) {
    String value = annotation(resource, RECONCILE);
    return value == null || value.equals(DISABLED) || value.equals(ENABLED)
        ? Optional.empty()
        : Optional.of(value);
  }

  /** The token of {@link #REQUESTED_AT}; empty when there is none or it is blank. */
  static Optional<String> requestedAt(HasMetadata resource) {
    return Optional.ofNullable(annotation(resource, REQUESTED_AT)).filter(t -> !t.isBlank());
  }

  /** The message of the {@code Suspended} condition: what it means and how to resume. */
  static String suspendedMessage(HasMetadata resource) {
    String namespace = resource.getMetadata().getNamespace();
    return "Reconciles are disabled by the annotation "
        + RECONCILE
        + ": "
        + DISABLED
        + ". Nothing is rendered, applied, pruned or put back, and changes to the "
        + resource.getKind()
        + " or its objects wait. To resume at once: kubectl annotate "
        + resource.getKind().toLowerCase(Locale.ROOT)
        + " "
        + resource.getMetadata().getName()
        + (namespace == null ? "" : " -n " + namespace)
        + " "
        + RECONCILE
        + "-";
  }

  /** The message of the Warning event about a {@link #RECONCILE} value it does not know. */
  static String unknownValueMessage(String value) {
    return "The annotation "
        + RECONCILE
        + " has the value '"
        + value
        + "', which the operator does not know, so it reconciles as usual; to suspend"
        + " reconciles the value is '"
        + DISABLED
        + "' (or '"
        + ENABLED
        + "' to say reconcile as usual)";
  }

  private static String annotation(HasMetadata resource, String key) {
    Map<String, String> annotations = resource.getMetadata().getAnnotations();
    return annotations == null ? null : annotations.get(key);
  }

  /** The token of a reconcile request that the status does not record as handled yet. */
  static Optional<String> newRequest(ObservedResource observed) {
    return ResourceAnnotations.requestedAt(observed.resource())
        .filter(token -> !token.equals(StatusBuilder.lastHandledReconcileAt(observed.status())));
  }
}
