package io.webserveroperator.manifest;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The name an operator runs under ({@code run --name}), so that several can share a namespace, each
 * with its own kinds: it names the operator's Lease, its shard Leases, its stored template
 * revisions and its RBAC objects, and labels its metrics and what it stores ({@link #LABEL}).
 *
 * @param value a DNS label: at most 63 lower-case letters, digits or '-', starting and ending with
 *     a letter or digit, since it is a label value and a prefix of object names
 */
public record OperatorName(String value) {

  /** The name without {@code --name}: that of the Lease before names existed. */
  public static final String DEFAULT = "webserver-operator";

  /** The label naming the operator on what it stores (revisions, shard Leases). */
  public static final String LABEL = "webserver-operator.io/operator";

  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

  public OperatorName {
    Objects.requireNonNull(value, "value");
    if (!DNS_LABEL.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "The operator name '"
              + value
              + "' is not valid: use at most 63 lower-case letters, digits or '-', starting and"
              + " ending with a letter or digit.");
    }
  }

  /** {@value #DEFAULT}. */
  public static OperatorName defaults() {
    return new OperatorName(DEFAULT);
  }

  /**
   * Whether this is {@value #DEFAULT}, whose objects keep the names they had before operators had
   * names, so that an upgrade finds them.
   */
  public boolean isDefault() {
    return value.equals(DEFAULT);
  }

  /**
   * Whether an object whose {@link #LABEL} is {@code label} (null when it has none) is this
   * operator's: one labelled with this name, or an unlabelled one stored before names existed when
   * this is the default name.
   */
  public boolean owns(String label) {
    return label == null ? isDefault() : label.equals(value);
  }

  @Override
  public String toString() {
    return value;
  }
}
