package io.webserveroperator.diff;

import io.webserveroperator.manifest.UntypedMaps;
import java.util.Map;
import java.util.Set;

/**
 * Prepares a live object and its server-side dry-run result for showing as a diff, as {@code
 * kubectl diff --server-side} does: drops what the server writes on every request ({@code status},
 * {@code metadata.managedFields}, {@code resourceVersion}, {@code generation}, {@code uid}, {@code
 * creationTimestamp}) and masks Secret values. Works on copies; stateless.
 */
public final class DiffSanitizer {

  private static final Set<String> NOISY_METADATA =
      Set.of("managedFields", "resourceVersion", "generation", "uid", "creationTimestamp");

  private DiffSanitizer() {}

  /**
   * The two sides ready to print.
   *
   * @param before the live object, or null when it does not exist yet
   * @param after the dry-run result, or null when the object is to be deleted
   */
  public static Sides sanitize(Map<String, Object> before, Map<String, Object> after) {
    Map<String, Object> from = strip(before);
    Map<String, Object> to = strip(after);
    if (SecretMask.isSecret(from) || SecretMask.isSecret(to)) {
      SecretMask.mask(from, to);
    }
    return new Sides(from, to);
  }

  /** A copy of one object without status and server-written metadata; null stays null. */
  public static Map<String, Object> strip(Map<String, Object> object) {
    Map<String, Object> copy = UntypedMaps.deepCopyMap(object);
    if (copy != null) {
      copy.remove("status");
      Map<String, Object> metadata = UntypedMaps.getMap(copy, "metadata");
      if (metadata != null) {
        metadata.keySet().removeAll(NOISY_METADATA);
      }
    }
    return copy;
  }

  /**
   * A live object and what it would become, both sanitised.
   *
   * @param before the live side, or null
   * @param after the desired side, or null
   */
  public record Sides(Map<String, Object> before, Map<String, Object> after) {}
}
