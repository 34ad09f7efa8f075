package io.webserveroperator.manifest;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How one object is managed over time, as its template writes it in annotations on the rendered
 * object (docs/annotations.md lists them beside their Helm, Flux and Argo CD equivalents). The
 * annotations are applied with the object, so that the live object says how it is managed even once
 * no template renders it, and are left out of the comparison, so that they never cost a write on
 * their own.
 *
 * @param keep {@code resource-policy: keep}: never pruned, no controller owner reference (the
 *     garbage collector leaves it), left in place when its resource is deleted
 * @param createOnly {@code ssa: IfNotPresent}: created once, never updated or corrected afterwards
 * @param recreate {@code force: enabled}: deleted and created again when the API server refuses an
 *     update because a field is immutable
 */
public record Lifecycle(boolean keep, boolean createOnly, boolean recreate) {

  /** The prefix of every annotation the operator reads on a rendered object. */
  public static final String PREFIX = "webserver-operator.io/";

  /** {@code keep}: Helm's {@code helm.sh/resource-policy}. */
  public static final String RESOURCE_POLICY = PREFIX + "resource-policy";

  /** {@code IfNotPresent}: Flux's {@code kustomize.toolkit.fluxcd.io/ssa}. */
  public static final String SSA = PREFIX + "ssa";

  /** {@code enabled}: Flux's {@code kustomize.toolkit.fluxcd.io/force}. */
  public static final String FORCE = PREFIX + "force";

  /**
   * {@code "true"} on an existing object, set by its owner: the resource whose templates render it
   * may take it over. Helm's {@code meta.helm.sh/release-name} annotations play this part.
   */
  public static final String ADOPT = PREFIX + "adopt";

  /** Every lifecycle annotation a template may write, with the one value each accepts. */
  private static final Map<String, String> VALUES =
      Map.of(RESOURCE_POLICY, "keep", SSA, "IfNotPresent", FORCE, "enabled");

  /** Lifecycle annotations, kept out of the comparison. */
  public static final List<String> ANNOTATIONS = List.of(RESOURCE_POLICY, SSA, FORCE);

  /** What an object without lifecycle annotations gets: owned, updated, never recreated. */
  public static final Lifecycle DEFAULT = new Lifecycle(false, false, false);

  /**
   * The lifecycle an object's annotations ask for. Lenient: a value other than the one accepted
   * counts as absent, since a live object may carry anything; rendered objects are checked with
   * {@link #problem} first.
   */
  public static Lifecycle of(Map<String, Object> object) {
    Map<?, ?> annotations = annotations(object);
    return new Lifecycle(
        is(annotations, RESOURCE_POLICY), is(annotations, SSA), is(annotations, FORCE));
  }

  /**
   * Why a rendered object's operator annotations cannot be obeyed: a lifecycle annotation with
   * another value than the one it accepts, an annotation under {@link #PREFIX} that is neither a
   * lifecycle nor an order annotation (a typo would otherwise be ignored), or an order annotation
   * that {@link Ordering#problem} refuses.
   *
   * @return the annotation and a sentence naming it and what it accepts; empty when all is well
   */
  public static Optional<Problem> problem(Map<String, Object> object) {
    for (Map.Entry<?, ?> annotation : annotations(object).entrySet()) {
      String key = String.valueOf(annotation.getKey());
      if (!key.startsWith(PREFIX) || Ordering.ANNOTATIONS.contains(key)) {
        continue;
      }
      if (key.equals(ADOPT)) {
        return Problem.of(
            key,
            "annotation "
                + ADOPT
                + " is for an existing object's owner to hand it over, not for a template to"
                + " render (docs/annotations.md)");
      }
      String accepted = VALUES.get(key);
      if (accepted == null) {
        return Problem.of(
            key,
            "annotation "
                + key
                + " is not one the operator knows; the lifecycle annotations are "
                + RESOURCE_POLICY
                + ": keep, "
                + SSA
                + ": IfNotPresent and "
                + FORCE
                + ": enabled, and the order annotations are "
                + String.join(", ", Ordering.ANNOTATIONS)
                + " (docs/annotations.md)");
      }
      if (!accepted.equals(annotation.getValue())) {
        return Problem.of(
            key,
            "annotation "
                + key
                + " has the value '"
                + annotation.getValue()
                + "'; the only value it accepts is '"
                + accepted
                + "' (docs/annotations.md)");
      }
    }
    return Ordering.problem(object);
  }

  /**
   * An operator annotation on a rendered object that cannot be obeyed.
   *
   * @param annotation its key, for finding its line in the template
   * @param message what is wrong and what would be accepted
   */
  public record Problem(String annotation, String message) {
    static Optional<Problem> of(String annotation, String message) {
      return Optional.of(new Problem(annotation, message));
    }
  }

  /** Whether a live object's owner marked it for adoption. */
  public static boolean adoptable(Map<String, Object> live) {
    return "true".equals(annotations(live).get(ADOPT));
  }

  private static boolean is(Map<?, ?> annotations, String key) {
    return VALUES.get(key).equals(annotations.get(key));
  }

  private static Map<String, Object> annotations(Map<String, Object> object) {
    return UntypedMaps.getMapOrEmpty(object, "metadata", "annotations");
  }
}
