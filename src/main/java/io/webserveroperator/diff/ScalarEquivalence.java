package io.webserveroperator.diff;

import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.Set;

/**
 * Whether a desired and a live scalar mean the same once the API server has rewritten the value:
 * quantities in canonical form ({@code 0.5} is stored as {@code 500m}, {@code 1073741824} as {@code
 * 1Gi}), int-or-string fields ({@code targetPort: "80"} and {@code 80}). Nothing else is loosened:
 * the string {@code "true"} is not the boolean {@code true}.
 */
final class ScalarEquivalence {

  /** Maps whose values are all quantities: {@code resources.requests}, {@code spec.hard}... */
  private static final Set<String> QUANTITY_MAPS =
      Set.of("requests", "limits", "hard", "overhead", "capacity", "allocatable");

  /** Single fields holding a quantity. */
  private static final Set<String> QUANTITY_FIELDS = Set.of("sizeLimit");

  /** Fields holding an int-or-string, or an int the templates may render as text. */
  private static final Set<String> INT_OR_STRING_FIELDS =
      Set.of(
          "port",
          "targetPort",
          "containerPort",
          "hostPort",
          "nodePort",
          "maxSurge",
          "maxUnavailable",
          "minAvailable");

  private ScalarEquivalence() {}

  /**
   * @param field the key the values are stored under
   * @param parent the key of the map holding them, or null
   */
  static boolean equivalent(String field, String parent, Object desired, Object live) {
    if (Objects.equals(desired, live)) {
      return true;
    }
    if (desired == null || live == null) {
      return false;
    }
    if (QUANTITY_MAPS.contains(parent) || QUANTITY_FIELDS.contains(field)) {
      return sameQuantity(desired, live);
    }
    if (INT_OR_STRING_FIELDS.contains(field)) {
      return sameIntOrString(desired, live);
    }
    return false;
  }

  private static boolean sameQuantity(Object desired, Object live) {
    BigDecimal left = quantity(desired);
    BigDecimal right = quantity(live);
    return left != null && right != null && left.compareTo(right) == 0;
  }

  /** The amount a quantity stands for; null when the value is no quantity. */
  static BigDecimal quantity(Object value) {
    if (!(value instanceof String) && !(value instanceof Number)) {
      return null;
    }
    try {
      return Quantity.parse(String.valueOf(value).trim()).getNumericalAmount();
    } catch (RuntimeException notAQuantity) {
      return null;
    }
  }

  private static boolean sameIntOrString(Object desired, Object live) {
    if (desired instanceof Number number && live instanceof String text) {
      return isInteger(number) && String.valueOf(number).equals(text.trim());
    }
    if (desired instanceof String text && live instanceof Number number) {
      return isInteger(number) && String.valueOf(number).equals(text.trim());
    }
    return false;
  }

  private static boolean isInteger(Number number) {
    return number instanceof Integer || number instanceof Long;
  }
}
