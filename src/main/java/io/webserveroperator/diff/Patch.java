package io.webserveroperator.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The RFC 6902 operations of a {@link PlanEntry}, computed when first read. A reconcile only asks
 * whether an object changed, which comparing the normalised maps answers; building the operations
 * (two JSON trees and their diff) is for {@code diff} and {@code --dry-run}, which print them.
 * Thread-safe.
 */
public final class Patch {

  /** No operation: an UNCHANGED, PRUNE or ORPHAN entry. */
  public static final Patch EMPTY = new Patch(JsonNodeFactory.instance.arrayNode(), null);

  private volatile JsonNode operations;
  private Supplier<JsonNode> compute;

  private Patch(JsonNode operations, Supplier<JsonNode> compute) {
    this.operations = operations;
    this.compute = compute;
  }

  /** Operations known already; {@code operations} must be a JSON array. */
  public static Patch of(JsonNode operations) {
    Objects.requireNonNull(operations, "operations");
    if (!operations.isArray()) {
      throw new IllegalArgumentException("a patch must be a JSON array, not " + operations);
    }
    return new Patch(operations, null);
  }

  /** The patch that turns {@code from} into {@code to}, normalised maps that differ. */
  static Patch between(Map<String, Object> from, Map<String, Object> to) {
    return new Patch(null, () -> JsonPatches.between(from, to));
  }

  /** The operations, an array; computed on the first call. */
  public JsonNode operations() {
    JsonNode known = operations;
    if (known == null) {
      synchronized (this) {
        if (operations == null) {
          operations = compute.get();
          compute = null;
        }
        known = operations;
      }
    }
    return known;
  }

  /** Whether there is no operation. */
  public boolean isEmpty() {
    return operations().isEmpty();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Patch patch && operations().equals(patch.operations());
  }

  @Override
  public int hashCode() {
    return operations().hashCode();
  }

  @Override
  public String toString() {
    return operations().toString();
  }
}
