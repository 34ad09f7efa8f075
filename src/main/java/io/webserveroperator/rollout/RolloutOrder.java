package io.webserveroperator.rollout;

import java.util.Comparator;

/**
 * Where a resource stands in a rollout: resources labelled {@value #CANARY_LABEL}{@code =true}
 * first, then by namespace, then by name. Every replica orders alike without talking to another, so
 * the leader can publish a step as the position of the last resource it lets through.
 *
 * @param canary whether the resource carries the canary label
 * @param namespace its namespace ({@code ""} when cluster-scoped)
 * @param name its name
 */
public record RolloutOrder(boolean canary, String namespace, String name)
    implements Comparable<RolloutOrder> {

  /** The label that moves a resource to the front of every rollout. */
  public static final String CANARY_LABEL = "webserver-operator.io/canary";

  private static final Comparator<RolloutOrder> ORDER =
      Comparator.comparing((RolloutOrder o) -> !o.canary())
          .thenComparing(RolloutOrder::namespace)
          .thenComparing(RolloutOrder::name);

  @Override
  public int compareTo(RolloutOrder other) {
    return ORDER.compare(this, other);
  }

  /** {@code canary/namespace/name} or {@code -/namespace/name}: neither part holds a slash. */
  @Override
  public String toString() {
    return (canary ? "canary" : "-") + "/" + namespace + "/" + name;
  }

  /** The position {@link #toString} wrote. */
  public static RolloutOrder parse(String text) {
    String[] parts = text.split("/", -1);
    if (parts.length != 3 || !(parts[0].equals("canary") || parts[0].equals("-"))) {
      throw new IllegalArgumentException("not a rollout position: " + text);
    }
    return new RolloutOrder(parts[0].equals("canary"), parts[1], parts[2]);
  }
}
